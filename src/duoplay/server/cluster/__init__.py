"""Rooms across server processes and machines: one PostgreSQL, one Redis, each room owned by one instance.

See docs/server.md ("Several instances") and docs/deploy.md. Only `ClusterRooms` is needed outside.
"""

from duoplay.server.cluster.rooms import ClusterRooms

__all__ = ["ClusterRooms"]
