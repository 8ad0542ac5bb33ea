"""Who is asking, when the table service runs as a JupyterHub service: learners and teachers are the hub's own users.
A kernel sends its server's token (``JUPYTERHUB_API_TOKEN``, which every kernel of a learner's server has); the hub
says whose it is, and a member of the teachers' group is a teacher. So a learner's seat is bound to the learner, not
to a link: the same learner on another device, or after a reload, sits there again.

The token is checked with JupyterHub's own ``HubAuth`` (``jupyterhub.services.auth``, which asks the hub's
``/api/user``): it counts as a learner only if it is a user's token (a service's token names a service, even one
that shares a user's name) and carries access to this service (``access:services!service=tables``: the hub gives
it to a learner's server token through ``Spawner.server_token_scopes``). An answer is kept a minute, so a class
asking at once costs the hub one request per learner.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

from tornado.httpclient import AsyncHTTPClient

KEPT = 60  # seconds an answer of the hub is kept


@dataclass
class Hub:
    api_url: str  # JUPYTERHUB_API_URL, e.g. http://127.0.0.1:8081/hub/api
    api_token: str  # this service's own token: it reads the teachers' group
    teachers: str = "teachers"  # the hub group whose members open tables
    name: str = "tables"  # this service's name in the hub: a learner's token must carry access to it
    _group: tuple[float, frozenset[str]] = (0.0, frozenset())
    _auth: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        # (imported here: only a service the hub started needs JupyterHub installed beside it)
        from jupyterhub.services.auth import HubAuth

        self._auth = HubAuth(
            api_url=self.api_url,
            api_token=self.api_token,
            access_scopes={f"access:services!service={self.name}"},
            cache_max_age=KEPT,
        )

    @classmethod
    def from_environment(cls) -> Hub | None:
        """The hub whose service this process is, or None when it runs on its own."""
        url, token = os.environ.get("JUPYTERHUB_API_URL"), os.environ.get("JUPYTERHUB_API_TOKEN")
        if not url or not token:
            return None
        teachers = os.environ.get("TABLES_TEACHERS_GROUP", "teachers")
        return cls(url.rstrip("/"), token, teachers, os.environ.get("JUPYTERHUB_SERVICE_NAME") or "tables")

    async def user(self, token: str) -> str | None:
        """The name of the hub user whose token this is, if it is a user's token that may use this service; None
        for any other (unknown, a service's, a user's without access to the tables)."""
        model = await self._auth.user_for_token(token, sync=False)
        if not model or model.get("kind") != "user" or not self._auth.check_scopes(self._auth.access_scopes, model):
            return None
        return str(model["name"])

    async def is_teacher(self, name: str) -> bool:
        if time.monotonic() - self._group[0] > KEPT:
            response = await AsyncHTTPClient().fetch(
                f"{self.api_url}/groups/{self.teachers}",
                headers={"Authorization": f"token {self.api_token}"},
                raise_error=False,
            )
            group = json.loads(response.body) if response.code == 200 else None
            self._group = (time.monotonic(), frozenset(group["users"] if group else ()))
        return name in self._group[1]
