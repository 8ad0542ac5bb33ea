"""Who is asking, when the table service runs as a JupyterHub service (``c.JupyterHub.services``,
deploy/jupyterhub_config.py): learners and teachers are the hub's own users. A kernel sends its server's token
(``JUPYTERHUB_API_TOKEN``, which every kernel of a learner's server has); the hub says whose it is, and a member of
the teachers' group is a teacher. So a learner's seat is bound to the learner, not to a link: the same learner on
another device, or after a reload, sits there again.

Asked of the hub's REST API with tornado's client, as any hub service does; an answer is kept a minute, so a class
asking at once costs the hub one request per learner.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field

from tornado.httpclient import AsyncHTTPClient

KEPT = 60.0  # seconds an answer of the hub is kept


@dataclass
class Hub:
    api_url: str  # JUPYTERHUB_API_URL, e.g. http://127.0.0.1:8081/hub/api
    api_token: str  # this service's own token: it reads the teachers' group
    teachers: str = "teachers"  # the hub group whose members open tables
    _users: dict[str, tuple[float, str | None]] = field(default_factory=dict)
    _group: tuple[float, frozenset[str]] = (0.0, frozenset())

    @classmethod
    def from_environment(cls) -> Hub | None:
        """The hub that started this process as its service, or None when it runs on its own."""
        url, token = os.environ.get("JUPYTERHUB_API_URL"), os.environ.get("JUPYTERHUB_API_TOKEN")
        if not url or not token:
            return None
        return cls(url.rstrip("/"), token, os.environ.get("TABLES_TEACHERS_GROUP", "teachers"))

    async def _get(self, path: str, token: str) -> dict | None:
        response = await AsyncHTTPClient().fetch(
            f"{self.api_url}/{path}", headers={"Authorization": f"token {token}"}, raise_error=False
        )
        return json.loads(response.body) if response.code == 200 else None

    async def user(self, token: str) -> str | None:
        """The name of the hub user whose token this is, or None."""
        key = hashlib.sha256(token.encode()).hexdigest()
        kept = self._users.get(key)
        if kept is None or time.monotonic() - kept[0] > KEPT:
            model = await self._get("user", token)
            kept = self._users[key] = (time.monotonic(), None if model is None else str(model["name"]))
        return kept[1]

    async def is_teacher(self, name: str) -> bool:
        if time.monotonic() - self._group[0] > KEPT:
            group = await self._get(f"groups/{self.teachers}", self.api_token)
            self._group = (time.monotonic(), frozenset(group["users"] if group else ()))
        return name in self._group[1]
