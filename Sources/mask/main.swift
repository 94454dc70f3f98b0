print("mask: not built yet")
