"""Writes a generated script of about 1 MB in mask script, Python and Lua: the same
functions, branches, lists and top-level calls in each language (mask check also runs
the top-level lets; py_compile and luac -p only compile)."""
import sys

def unit_mask(k):
    return (f"fn f{k}(a, b) {{\n"
            f"  let c = a * 2 + b\n"
            f"  if c > 10 and not (a == b) {{\n"
            f"    return c - 1\n"
            f"  }} else {{\n"
            f"    return [c, a, b, \"s{k}\"]\n"
            f"  }}\n"
            f"}}\n"
            f"let v{k} = f{k}({k % 7}, 3)\n")

def unit_py(k):
    return (f"def f{k}(a, b):\n"
            f"    c = a * 2 + b\n"
            f"    if c > 10 and not (a == b):\n"
            f"        return c - 1\n"
            f"    else:\n"
            f"        return [c, a, b, \"s{k}\"]\n"
            f"v{k} = f{k}({k % 7}, 3)\n")

def unit_lua(k):
    return (f"function f{k}(a, b)\n"
            f"  local c = a * 2 + b\n"
            f"  if c > 10 and not (a == b) then\n"
            f"    return c - 1\n"
            f"  else\n"
            f"    return {{c, a, b, \"s{k}\"}}\n"
            f"  end\n"
            f"end\n"
            f"v{k} = f{k}({k % 7}, 3)\n")

def write(path, unit, size=1_000_000):
    parts, total, k = [], 0, 0
    while total < size:
        text = unit(k)
        parts.append(text)
        total += len(text)
        k += 1
    with open(path, "w") as f:
        f.write("".join(parts))

folder = sys.argv[1]
write(f"{folder}/big.mask", unit_mask)
write(f"{folder}/big.py", unit_py)
write(f"{folder}/big.lua", unit_lua)
