"""The protocol every game speaks, and the table's next moment.

A game package exports ``GAME``, an object with the methods of :class:`Game`. The step log,
the store, the table driver of the UI and the headless runner (:func:`play`) use nothing
else, so one loop serves every game: OpenSpiel's uniform ``State`` interface and
boardgame.io's phases-as-data are the models.

The **moment** is what the engine says the table faces now (:class:`Moment`): what happens
next (:data:`Next`: a step the app takes itself, a question for the table, a value the table
enters, or the outcome; ``None`` when the table acts freely), a sentence for the banner, and
the actions the table may take now, each refused one with its reason. Questions are typed
values: an :class:`Ask` whose options carry what picking them leads to, or an
:class:`Entry` whose ``answer`` turns the table's value into what follows. Nothing in a moment
is a message key to be parsed back.

An :class:`Action` carries what choosing it **leads to** (:data:`Lead`): a command to make, a
question to ask (:class:`Ask`, :class:`Entry`), a command still being drafted (:class:`Then`:
the engine makes the next question from the game as it is then), a view to open
(:class:`Show`), or a confirmation first (:class:`ConfirmFirst`). One driver performs any lead
of any game (the table driver of the UI; :func:`settle` headless): no game needs a method per
action. A question with ``at_once`` is opened by the driver as soon as it is the next thing,
after a step the table made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from companion.core.commands import Command, apply_command
from companion.core.i18n import Msg
from companion.core.plan import Choice, Option

if TYPE_CHECKING:
    from companion.core.steplog import HistoryLine


def shared_places(scores: Sequence[tuple[str, int]], winners: Iterable[str]) -> tuple[int, ...]:
    """Each player's place in ``scores`` (best first): one more than the players ahead, a
    player being ahead with more points, or with as many and among ``winners`` when the
    other is not (a tie-break named them). Equal scores nothing parts share a place
    (1, 1, 3), as a table reads them."""
    won = set(winners)
    return tuple(
        1 + sum(1 for q, t in scores if t > s or (t == s and q in won and p not in won))
        for p, s in scores
    )


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as records keep it (python-chess's ``Outcome`` is the model).

    ``result`` is a short stable word for records and statistics (``"won"``, ``"lost"``,
    ``"good"``, ``"evil"``, ``"finished"``); ``reason`` the sentence the table reads;
    ``winners`` the winning players (or sides); ``scores`` every player's score, best first,
    where the game scores players. ``facts`` is what the game's statistics need of the end,
    as plain JSON values (the Princess card, the leaders kept, the creatures in the tavern),
    stored with the outcome so that History and Stats never replay a game."""

    result: str
    reason: Msg
    winners: tuple[str, ...] = ()
    scores: tuple[tuple[str, int], ...] = ()
    round: int | None = None
    facts: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def places(self) -> tuple[int, ...]:
        """The place of each of ``scores`` (:func:`shared_places`)."""
        return shared_places(self.scores, self.winners)

    def to_json(self) -> dict[str, Any]:
        from companion.core.msgjson import dump_msg

        return {
            "result": self.result,
            "reason": dump_msg(self.reason),
            "winners": list(self.winners),
            "scores": [[p, s] for p, s in self.scores],
            "round": self.round,
            **({"facts": dict(self.facts)} if self.facts else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        from companion.core.msgjson import load_msg

        return cls(
            result=str(data["result"]),
            reason=load_msg(data["reason"]),
            winners=tuple(str(w) for w in data.get("winners", ())),
            scores=tuple((str(p), int(s)) for p, s in data.get("scores", ())),
            round=data.get("round"),
            facts=dict(data.get("facts") or {}),
        )


@dataclass(frozen=True)
class Step:
    """A step the app takes itself (the Princess moves, the round begins). ``confirm``: the
    table says when (the advance key), so the board can follow; otherwise it is taken at
    once."""

    command: Command
    reason: Msg
    confirm: bool = True


@dataclass(frozen=True)
class Ask:
    """A choice for the table. Each option's ``value`` is what picking it leads to (a
    :data:`Lead`: most often the command that answers it). ``tie``: the rules leave it to "the
    players", so the app may pick for them (the "pick ties automatically" setting); ``auto`` is
    then the command it makes (the first option's by default), logged as the app's pick.
    ``at_once``: opened as soon as it is the next thing (see the module's doc)."""

    choice: Choice
    title: Msg | None = None
    tie: bool = True
    auto: Command | None = None
    at_once: bool = False

    def __post_init__(self) -> None:
        bad = [o for o in self.choice.options if not is_lead(o.value)]
        if bad:
            raise TypeError("every option of an Ask carries what picking it leads to")
        if self.tie and not isinstance(self.auto_command, Command):
            raise TypeError("the app's pick of a tie is a command")

    @property
    def auto_command(self) -> Command:
        return self.auto if self.auto is not None else self.choice.options[0].value

    @property
    def commands(self) -> tuple[Command, ...]:
        return tuple(o.value for o in self.choice.options)


@dataclass(frozen=True)
class Entry:
    """A value the table enters (dice, a drawn card, a number): ``kind`` names the form
    (``"dice"``, ``"number"``, or a game's own, such as ``"unicornus.battle"``), ``subject``
    what it is about, and ``answer(value)`` makes the command (it may raise ``RuleError``
    for a value the rules refuse). ``suggest`` is what a sensible table would enter, for the
    headless runner and as a form's default; ``None`` when only the table can know it."""

    kind: str
    prompt: Msg
    answer: Callable[[Any], Lead] = field(compare=False, repr=False)
    subject: Any = None
    suggest: Any = None
    minimum: int | None = None  # a number's range, or each die's faces
    maximum: int | None = None
    count: int | None = None  # how many dice, when known
    at_once: bool = False  # opened as soon as it is the next thing (see the module's doc)


@dataclass(frozen=True)
class Then:
    """A command still being drafted: ``make(state)`` is what comes next, from the game as it
    is when this is reached (the next question, or the command once it is complete). The
    engine completes a draft one question at a time. ``what`` says what is being drafted (it
    is what two of them compare by)."""

    make: Callable[[Any], Lead] = field(compare=False, repr=False)
    what: Any = None


@dataclass(frozen=True)
class Show:
    """A view the table opens to look, changing nothing: ``kind`` names it (a game's own, such
    as ``"insurrection.scores"``), ``subject`` what it shows. The game's screens draw it."""

    kind: str
    subject: Any = None


@dataclass(frozen=True)
class ConfirmFirst:
    """Asked before ``then`` (a step that cannot be taken back at the table): yes leads on."""

    prompt: Msg
    then: Lead


Lead = Command | Ask | Entry | Then | Show | ConfirmFirst
"""What an action or an answer leads to (see the module's doc)."""

LEADS = (Command, Ask, Entry, Then, Show, ConfirmFirst)


def is_lead(value: Any) -> bool:
    return isinstance(value, LEADS)


Next = Step | Ask | Entry | Outcome | None


@dataclass(frozen=True)
class Action:
    """Something the table may do now (a key on the screen): ``name`` is the game's word for it
    (``"move"``, ``"recruit"``, ``"end_turn"``); a refused one carries ``reason``; an allowed
    one what choosing it ``leads`` to (a :data:`Lead`)."""

    name: str
    reason: Msg | None = None
    leads: Lead | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.reason is None and not is_lead(self.leads):
            raise TypeError(f"the allowed action {self.name!r} leads nowhere")

    @property
    def allowed(self) -> bool:
        return self.reason is None


@dataclass(frozen=True)
class Moment:
    """What the table faces now: ``prompt`` for the banner, ``next`` what happens next
    (``None``: the table acts, e.g. a player's turn), ``actions`` what may be done now, and
    ``advance``, the name of the action the advance key takes while the table acts (ending the
    turn, say; ``None``: the key says what the banner says)."""

    prompt: Msg
    next: Next = None
    actions: tuple[Action, ...] = ()
    advance: str | None = None  # the action the advance key takes while the table acts freely

    @property
    def outcome(self) -> Outcome | None:
        return self.next if isinstance(self.next, Outcome) else None

    def action(self, name: str) -> Action | None:
        return next((a for a in self.actions if a.name == name), None)

    def allows(self, name: str) -> bool:
        a = self.action(name)
        return a is not None and a.allowed

    def refusal(self, name: str) -> Msg | None:
        """Why ``name`` cannot be done now (``None`` when it can, or is not a thing now)."""
        a = self.action(name)
        return a.reason if a is not None else None

    @property
    def allowed(self) -> frozenset[str]:
        return frozenset(a.name for a in self.actions if a.allowed)


class Game(Protocol):
    """The complete protocol of a game (``GAME`` in its package)."""

    key: str  # "unicornus", "insurrection", "magical-friends"
    state_type: type

    def new_game(self, setup: Any, catalog: Any, seed: int) -> Any:
        """The state at the start, from the table's setup, the catalog and a seed."""
        ...

    def apply(self, state: Any, cmd: Command) -> Any:
        """Return the state after ``cmd``, or raise ``RuleError``. Never mutates ``state``."""
        ...

    def describe(self, before: Any, cmd: Command, after: Any) -> Msg:
        """The game-log line of a step, from the states on both sides (never applied again)."""
        ...

    def summary(self, state: Any) -> Msg:
        """One line for the resume list: round, phase, outcome."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        ...

    def moment(self, state: Any) -> Moment:
        """What the table faces now (see :class:`Moment`)."""
        ...

    def upgrade(self, cmd: Command) -> Command:
        """A command read from an older save, in today's terms (most games: ``cmd`` itself)."""
        ...


class Session(Protocol):
    """A saved game open for play, as a screen sees it: what the UI may ask of the store
    (``companion.store.session.GameSession`` is the one implementation). Every step, undo and
    redo is saved before it returns; a failed save raises ``StoreError`` and changes nothing."""

    id: int
    title: str
    catalog_name: str
    game: Game
    revision: int  # the game's revision this instance last saw or wrote
    shared: bool  # other instances may open the game (a file or a server): follow them

    @property
    def state(self) -> Any: ...

    @property
    def cursor(self) -> int:
        """The number of steps applied (undo moves it back)."""
        ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def moment(self) -> Moment:
        """What the table faces now (``game.moment(state)``), made once per state."""
        ...

    def do(self, cmd: Command) -> Any:
        """Apply and save ``cmd``; return the new state (``RuleError`` when not legal now)."""
        ...

    def undo(self) -> Command | None: ...

    def redo(self) -> Command | None: ...

    def line(self, index: int) -> Msg:
        """The log line of step ``index`` (0-based), as written when it was made."""
        ...

    def history(self) -> list[HistoryLine]: ...

    def history_tail(self, count: int) -> list[HistoryLine]:
        """The last ``count`` log lines (no state is decoded)."""
        ...

    def fetch_remote(self) -> Any:
        """What other instances saved since :attr:`revision` (``None``: nothing); only reads,
        and may run in another thread."""
        ...

    def follow(self, remote: Any) -> Any:
        """Take what :meth:`fetch_remote` read: an ``Elsewhere`` saying what changed, or
        ``None``. A step, undo or redo refused because another instance wrote first raises
        ``ChangedElsewhere``, after following."""
        ...


# --- what an open dialog asks, after a change made elsewhere -----------------------------


@dataclass(frozen=True)
class Unasked:
    """What a dialog that asks nothing of the game was opened for (help, the join codes):
    no change of the game makes it stale."""


NOTHING = Unasked()


@runtime_checkable
class AskedStill(Protocol):
    """An entry's subject that may still ask what it asked after a change made elsewhere (a
    pick that goes round the table, of which a player answered on their own device)."""

    def asks_still(self, now: Any) -> bool: ...


@runtime_checkable
class AskedPart(Protocol):
    """A game's own part of a question (one player's pick while the keyboard goes round):
    it says itself whether ``moment`` still asks it."""

    def asked_by(self, moment: Moment) -> bool: ...


def still_asked(moment: Moment, asked: Any) -> Any:
    """What of ``moment`` answers for ``asked``, the question a dialog was opened for, once
    the game changed (on another device); ``None`` when ``moment`` no longer asks it: the
    dialog is stale and no answer to it may be applied.

    ``asked`` is :data:`NOTHING` (never stale, returned as is); an :class:`Ask` (asked while
    the moment's next is the same question, the same commands); an :class:`Entry` (the
    moment's entry of the same kind and range, whose subject is the same, or still asks what
    it asked: a subject may say so (:class:`AskedStill`), e.g. a pick that goes round the
    table and of which a player answered on their own device; that entry is returned, and
    an answer goes through its ``answer``, made for the state as it is now); an
    :class:`Action` (while the moment allows it; a question one of its drafts made is asked
    for itself, see :func:`drafted`); or a game's own part of a question
    (:class:`AskedPart`). Anything else (``None``: the game as it was when the dialog
    opened) is stale after any change."""
    now = moment.next
    if isinstance(asked, Unasked):
        return asked
    if isinstance(asked, Ask):
        return now if isinstance(now, Ask) and now == asked else None
    if isinstance(asked, Entry):
        if not isinstance(now, Entry) or (now.kind, now.minimum, now.maximum) != (
            asked.kind,
            asked.minimum,
            asked.maximum,
        ):
            return None
        if isinstance(asked.subject, AskedStill):
            return now if asked.subject.asks_still(now.subject) else None
        return now if now == asked else None
    if isinstance(asked, Action):
        return asked if moment.allows(asked.name) else None
    return asked if isinstance(asked, AskedPart) and asked.asked_by(moment) else None


def drafted(lead: Lead | None, state: Any, asks: Any) -> tuple[Lead | None, Any]:
    """Follow ``lead``'s drafts (:class:`Then`) to what they lead to from ``state``, and what
    a dialog opened for it asks: a question a draft made was built on the game as it is (a
    friend's steps from where it stands), so it is stale after any change made elsewhere."""
    if not isinstance(lead, Then):
        return lead, asks
    while isinstance(lead, Then):
        lead = lead.make(state)
    return lead, (lead if isinstance(lead, Ask | Entry | ConfirmFirst) else asks)


# --- the headless runner ------------------------------------------------------------------


class Policy:
    """How a table plays when nobody sits at it (autoplay, tests, benchmarks): each game's
    sensible table subclasses it. ``act`` is the table's free action; a question is answered
    as the app would pick (``pick``: an option's value) and an entry with its suggested value
    (``enter``) unless a table plays otherwise."""

    def act(self, state: Any, moment: Moment) -> Lead:
        """The table's free action when ``moment.next`` is ``None``."""
        raise NotImplementedError

    def pick(self, state: Any, ask: Ask) -> Lead:
        return ask.auto_command if ask.tie else ask.choice.options[0].value

    def enter(self, state: Any, entry: Entry) -> Any:
        return entry.suggest


def settle(lead: Lead | None, state: Any, policy: Policy | None = None, limit: int = 1_000) -> Any:
    """Follow ``lead`` as a table with no screen would, to the command (or view) it ends in:
    drafts are made from ``state``, confirmations said yes to, questions answered by the
    policy's ``pick`` and entries by its ``enter`` (the app's pick and the suggested value by
    default). ``None`` stays ``None``."""
    table = Policy() if policy is None else policy
    for _ in range(limit):
        if isinstance(lead, Then):
            lead = lead.make(state)
        elif isinstance(lead, ConfirmFirst):
            lead = lead.then
        elif isinstance(lead, Ask):
            lead = table.pick(state, lead)
        elif isinstance(lead, Entry):
            lead = lead.answer(table.enter(state, lead))
        else:
            return lead
    raise RuntimeError(f"a lead still unsettled after {limit} questions")


AUTO_LIMIT = 200  # app steps taken in a row at most (a game whose flow loops stops there)


def app_step(moment: Moment, auto_ties: bool) -> Command | None:
    """The command the app takes now with nobody asked, if any: its own step when it needs
    no confirming, and a tie's pick when the table lets the app pick ties (``auto_ties``)."""
    nxt = moment.next
    if isinstance(nxt, Step) and not nxt.confirm:
        return nxt.command
    if isinstance(nxt, Ask) and nxt.tie and auto_ties:
        return nxt.auto_command
    return None


def decide(moment: Moment, state: Any, policy: Policy) -> Command | None:
    """The command a sensible table makes at ``moment``: the app's own step, the first option
    of a question (the auto pick), the suggested value of an entry, or the policy's action
    (followed to its command, see :func:`settle`). ``None`` at the outcome."""
    nxt = moment.next
    if isinstance(nxt, Outcome):
        return None
    if isinstance(nxt, Step):
        return nxt.command
    if isinstance(nxt, Ask | Entry):
        return settle(nxt, state, policy)
    return settle(policy.act(state, moment), state, policy)


def play(
    game: Game,
    state: Any,
    policy: Policy,
    do: Callable[[Command], Any] | None = None,
    limit: int = 100_000,
) -> Iterator[tuple[Command, Any]]:
    """Play ``state`` to its outcome through the moments, yielding each (command, state after).
    ``do`` applies and saves a command and returns the new state (default: ``game.apply``).
    Stops at the outcome; raises ``RuntimeError`` past ``limit`` steps (a policy that loops)."""
    for _ in range(limit):
        cmd = decide(game.moment(state), state, policy)
        if cmd is None:
            return
        state = do(cmd) if do is not None else apply_command(game, state, cmd)
        yield cmd, state
    raise RuntimeError(f"{game.key}: no outcome after {limit} steps")


__all__ = [
    "Action",
    "Ask",
    "Choice",
    "ConfirmFirst",
    "Entry",
    "Game",
    "Moment",
    "NOTHING",
    "Next",
    "Option",
    "Outcome",
    "Lead",
    "Policy",
    "Session",
    "Show",
    "Step",
    "Then",
    "Unasked",
    "decide",
    "is_lead",
    "play",
    "settle",
    "still_asked",
    "drafted",
    "AskedPart",
    "AskedStill",
]
