"""Tables where classmates play each other (issue 35): one process, the table service, holds every table's true
state and sends each seat only what that seat may know.

- ``store``: the tables and their append-only move logs in SQLite; a move is committed before it is acknowledged.
- ``table``: one table, the authority over its match: seats and their credentials, the state version, moves checked
  and logged, the bots' turns, and what each seat or a spectator is sent.
- ``service``: the tables over HTTP and WebSocket (tornado): kernels are its clients, a browser never talks to it.
- ``hub``: under JupyterHub, who asks: the hub's user for a kernel's server token, and whether a teacher.
- ``client``: a seat's (or the teacher's) connection, as a kernel holds it; it connects again by itself.

The shape is boardgame.io's server (``master.ts``): one authority, filtered views, a version on every move,
credentials on seats and storage behind an interface.
"""
