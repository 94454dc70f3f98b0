"""A stand-in for `mask lsp` while testing editor configurations (test_neovim.py):
the least of the Language Server Protocol over stdio, so a client can start, open a
document, get a diagnostic back and shut down. It writes every method it receives,
with the document's language id for didOpen, to the log file named by its argument.
"""

import json
import sys


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))


def send(stream, message):
    body = json.dumps(message).encode("utf-8")
    stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()


def main():
    log = open(sys.argv[1], "a", encoding="utf-8")
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        message = read_message(stdin)
        if message is None:
            return
        method = message.get("method", "")
        extra = ""
        if method == "textDocument/didOpen":
            extra = " " + message["params"]["textDocument"]["languageId"]
        log.write(method + extra + "\n")
        log.flush()
        if method == "initialize":
            send(stdout, {"jsonrpc": "2.0", "id": message["id"],
                          "result": {"capabilities": {"textDocumentSync": 1},
                                     "serverInfo": {"name": "fake mask lsp"}}})
        elif method == "shutdown":
            send(stdout, {"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif method == "exit":
            return
        elif method == "textDocument/didOpen":
            document = message["params"]["textDocument"]
            send(stdout, {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                          "params": {"uri": document["uri"], "diagnostics": [{
                              "range": {"start": {"line": 0, "character": 0},
                                        "end": {"line": 0, "character": 3}},
                              "severity": 1, "source": "mask", "message": "fake diagnostic"}]}})
        elif "id" in message:
            send(stdout, {"jsonrpc": "2.0", "id": message["id"], "result": None})


if __name__ == "__main__":
    main()
