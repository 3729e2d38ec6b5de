"""The sandbox page at /sandbox and its small JSON API (loopback only).

Everything the page does goes through the simulated QQ world as QQ events, so the bot
sees exactly what it would see from NapCat: messages, friend and join requests.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from .host import DIRECTOR_ID, MAIN_GROUP, Sandbox
from .message import to_segments
from .params import WorldError

LOOPBACK = {"127.0.0.1", "::1", "localhost", "testclient"}


class Say(BaseModel):
    user_id: int
    text: str = Field(min_length=1, max_length=2000)
    group_id: int | None = None


class NewUser(BaseModel):
    nickname: str = Field(min_length=1, max_length=20)


class NewGroup(BaseModel):
    name: str = Field(min_length=1, max_length=30)


class Join(BaseModel):
    group_id: int
    user_id: int


def _loopback(request: Request) -> None:
    if request.client is None or request.client.host not in LOOPBACK:
        raise HTTPException(403, "沙盒只对本机开放")


def _images(message: Any) -> list[str]:
    """The pictures a message carries (base64 ones, as the bot sends them), as data URLs."""
    try:
        segments = to_segments(message)
    except ValueError:
        return []
    files = (str(s["data"].get("file", "")) for s in segments if s["type"] == "image")
    return [f"data:image/png;base64,{f.removeprefix('base64://')}" for f in files if f.startswith("base64://")]


def _state(sandbox: Sandbox, since: int) -> dict[str, Any]:
    world = sandbox.world
    return {
        "connected": sandbox.client is not None and sandbox.client.connected,
        "director": DIRECTOR_ID,
        "main_group": MAIN_GROUP,
        "users": [
            {"id": u.user_id, "nickname": u.nickname, "friend": u.user_id in world.friends}
            for u in world.users.values()
            if u.user_id != world.self_id
        ],
        "groups": [
            {
                "id": g.group_id,
                "name": g.name,
                "members": [{"id": m.user_id, "role": m.role, "card": m.card} for m in g.members.values()],
            }
            for g in world.groups.values()
        ],
        "entries": [
            {
                "seq": e.seq,
                "direction": e.direction,
                "name": e.name,
                "user_id": e.user_id,
                "group_id": e.group_id,
                "text": e.text,
                "ok": e.ok,
                "images": _images(e.data.get("message")) if e.direction == "action" else [],
            }
            for e in world.transcript[since:]
            if e.direction == "action" or e.name.startswith(("message", "request"))
        ],
        "next": len(world.transcript),
    }


def router(sandbox: Sandbox) -> APIRouter:
    api = APIRouter(prefix="/sandbox")

    @api.get("", response_class=HTMLResponse)
    async def page(request: Request) -> str:
        _loopback(request)
        return resources.files(__package__).joinpath("page.html").read_text(encoding="utf-8")

    @api.get("/api/state")
    async def state(request: Request, since: int = 0) -> dict[str, Any]:
        _loopback(request)
        return _state(sandbox, since)

    async def act(do: Any) -> dict[str, Any]:
        try:
            result = do()
        except WorldError as error:
            raise HTTPException(400, str(error)) from error
        await sandbox.flush()
        return {"ok": True, "result": result}

    @api.post("/api/users")
    async def add_user(request: Request, body: NewUser) -> dict[str, Any]:
        _loopback(request)
        return await act(lambda: sandbox.add_player(body.nickname))

    @api.post("/api/groups")
    async def add_group(request: Request, body: NewGroup) -> dict[str, Any]:
        _loopback(request)
        return await act(lambda: sandbox.add_group(body.name))

    @api.post("/api/say")
    async def say(request: Request, body: Say) -> dict[str, Any]:
        _loopback(request)
        if body.group_id is None:
            return await act(lambda: sandbox.world.private_message(body.user_id, body.text).seq)
        return await act(lambda: sandbox.world.group_message(body.group_id, body.user_id, body.text).seq)

    @api.post("/api/join")
    async def join(request: Request, body: Join) -> dict[str, Any]:
        _loopback(request)
        return await act(lambda: sandbox.world.join_request(body.group_id, body.user_id).seq)

    return api


def mount(app: FastAPI, sandbox: Sandbox) -> None:
    app.include_router(router(sandbox))
