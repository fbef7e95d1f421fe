#!/usr/bin/env python3
"""A room server's WebSocket hello, with Python's standard library alone (a packaged server is
checked where nothing else is installed: scripts/package.sh --check).

    python3 scripts/ws-hello.py HOST:PORT

Opens /ws, creates a two-player room and checks the server's welcome: the room's code, the link
to send a friend and the creator's seat. Prints the welcome's first bytes; exits 1 on anything
else."""

import base64
import json
import os
import socket
import struct
import sys


def frame(text: str) -> bytes:
    """One masked text frame, as a client must send it (RFC 6455, 5.2)."""
    payload = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    else:
        header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def read_exact(sock: socket.socket, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise ConnectionError("the server closed the connection")
        data += chunk
    return data


def read_text_frame(sock: socket.socket) -> str:
    """The next text frame (the server sends unmasked, unfragmented frames)."""
    while True:
        first, second = read_exact(sock, 2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", read_exact(sock, 2))[0]
        elif length == 127:
            length = struct.unpack(">Q", read_exact(sock, 8))[0]
        payload = read_exact(sock, length)
        if first & 0x0F == 0x1:
            return payload.decode()
        if first & 0x0F == 0x8:
            raise ConnectionError(f"closed by the server: {payload!r}")


def main() -> int:
    host, port = sys.argv[1].rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: {sys.argv[1]}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += read_exact(sock, 1)
    status = answer.split(b"\r\n", 1)[0].decode()
    if " 101 " not in status + " ":
        print(f"no WebSocket upgrade: {status}", file=sys.stderr)
        return 1
    create = {"v": 1, "t": "create", "variant": {"rules": {"kind": "laws"}, "players": 2}}
    sock.sendall(frame(json.dumps(create)))
    text = read_text_frame(sock)
    welcome = json.loads(text)
    if welcome.get("t") != "welcome" or welcome.get("seat") != 0 or "?room=" not in welcome.get(
        "link", ""
    ):
        print(f"not a welcome to seat 0: {text[:300]}", file=sys.stderr)
        return 1
    print(f"   WebSocket hello answered: room {welcome['room']}, {welcome['link']}")
    sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
