"""A learner's server as light as a process can be, for benchmarks/district.py: what a hub needs of a server it has
spawned and nothing more. It listens where the hub told it to (JUPYTERHUB_SERVICE_URL) and answers every GET under
its prefix with a line of JSON, as a Jupyter server answers ``api``; no Jupyter, no login, no kernel. Standard
library only, so that 200 of them fit beside the hub on a small machine (about 20 MiB each). Its environment holds
the token the hub gave the server, as a real server's kernels have it. The arguments the hub passes are ignored."""

from __future__ import annotations

import contextlib
import json
import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

PREFIX = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
ANSWER = json.dumps({"version": "light", "user": os.environ.get("JUPYTERHUB_USER")}).encode()


class Answer(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        found = self.path.startswith(PREFIX)
        self.send_response(200 if found else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(ANSWER) if found else 0))
        self.end_headers()
        if found:
            self.wfile.write(ANSWER)

    def log_message(self, format: str, *args: object) -> None:  # (quiet: 200 servers share the hub's log)
        pass


def main() -> None:
    address = urlsplit(os.environ["JUPYTERHUB_SERVICE_URL"])
    server = ThreadingHTTPServer((address.hostname or "127.0.0.1", address.port or 8888), Answer)
    with contextlib.suppress(KeyboardInterrupt):  # the hub stops its servers with SIGINT
        server.serve_forever()


if __name__ == "__main__":
    main()
