"""Every entry a game asks, as taps: the fields a page shows for it and the value its
``answer`` takes.

A :class:`Form` is made from the entry's own data (its ``subject``, ``suggest``, ``minimum``,
``maximum``, ``count``) and from what the game packages compute (the legal splits of a
battle's damage, the artifacts a wizard has left, the start spaces a replacement may take);
nothing here re-checks a rule: the entry's ``answer`` and the game's ``apply`` refuse what the
rules refuse, and the page says why. The fields a page has filled in so far are its draft
(``Page.drafts``), kept by the server, so a form needs no script of its own and a page that
reconnects finds it as it was; a form whose fields depend on others (a battle's damage split
on where each die goes) is made again from the draft after every tap.

Every value is picked by a tap (targets of 48 px): one of a list, several of a list with
their count, a number by its buttons (or by steps of 1 and 10 over a long range), yes or no.
A card the table adds on the spot is the one thing named by typing (its name).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.core.game import Entry
from companion.core.i18n import Msg, msg
from companion.games.registry import game_package
from companion.web.panels import Line, Tap, card_label, leader_tap, named, pair

ONE, MANY, NUMBER, TEXT = "one", "many", "number", "text"
BUTTONS = 40  # a number with at most this many values is a row of buttons, else steps
TEXT_MAX = 80  # characters of a name typed into a form
STEPS = (-10, -1, 1, 10)  # a long range's buttons


@dataclass(frozen=True)
class Field:
    """One value of a form: ``kind`` :data:`ONE` (a tap among ``options``), :data:`MANY`
    (``count`` of them, or any number), :data:`NUMBER` (``low`` to ``high``) or :data:`TEXT`;
    ``value`` what it holds until tapped."""

    name: str
    label: Line | None
    kind: str = ONE
    options: tuple[Tap, ...] = ()
    low: int = 0
    high: int | None = None
    count: int | None = None
    value: Any = None
    notes: tuple[Line, ...] = ()  # under a number's buttons, from ``low`` on (where it ends)

    def takes(self, value: Any) -> bool:
        """Whether ``value`` is one this field may hold (a tap of an older picture is not)."""
        if self.kind == ONE:
            return any(t.arg == value and t.refused is None for t in self.options)
        if self.kind == MANY:
            args = {t.arg for t in self.options if t.refused is None}
            return isinstance(value, list) and all(v in args for v in value)
        if self.kind == NUMBER:
            return (
                isinstance(value, int)
                and not isinstance(value, bool)
                and value >= self.low
                and (self.high is None or value <= self.high)
            )
        return isinstance(value, str) and len(value) <= TEXT_MAX

    @property
    def buttons(self) -> bool:
        """A number shown as one button per value (else as steps)."""
        return self.high is not None and self.high - self.low < BUTTONS


@dataclass(frozen=True)
class Quick:
    """A button that answers at once with ``field`` set to ``value`` (the app rolls; put on a
    space)."""

    label: Line
    field: str
    value: Any


@dataclass(frozen=True)
class Form:
    """An entry's fields, ``make`` (the values → what ``entry.answer`` takes), the lines the
    table reads first (the odds, the faces of a die) and the buttons that answer at once."""

    fields: tuple[Field, ...]
    make: Callable[[dict[str, Any]], Any]
    lines: tuple[Line, ...] = ()
    quick: tuple[Quick, ...] = ()

    @property
    def at_tap(self) -> bool:
        """One field whose every value is a button: a tap answers (no OK)."""
        if len(self.fields) != 1:
            return False
        f = self.fields[0]
        return f.kind == ONE or (f.kind == NUMBER and f.buttons)

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)

    def values(self, draft: dict[str, Any]) -> dict[str, Any]:
        """Each field's value: the draft's where this field takes it, else its own."""
        out = {}
        for f in self.fields:
            v = draft.get(f.name, f.value)
            out[f.name] = v if f.takes(v) else f.value
        for q in self.quick:
            if q.field in draft and draft[q.field] == q.value:
                out[q.field] = q.value
        return out

    def set(self, draft: dict[str, Any], name: str, value: Any) -> dict[str, Any] | None:
        """The draft with ``name`` tapped to ``value`` (a :data:`MANY` field's tap adds or takes
        off one); ``None`` when this form does not take it."""
        if any(q.field == name and q.value == value for q in self.quick):
            return {**draft, name: value}
        f = self.field(name)
        if f is None:
            return None
        if f.kind == MANY:
            held = list(self.values(draft)[name] or [])
            held = [v for v in held if v != value] if value in held else [*held, value]
            if f.count is not None and len(held) > f.count:
                held = held[len(held) - f.count :]  # the oldest tap gives way
            value = held
        return {**draft, name: value} if f.takes(value) else None

    def answer(self, draft: dict[str, Any]) -> Any:
        """What ``entry.answer`` takes, from the draft; ``ValueError(Msg)`` for a field still
        empty or a pick of the wrong count."""
        values = self.values(draft)
        if not any(q.field in values for q in self.quick):
            for f in self.fields:
                v = values[f.name]
                if f.kind in (ONE, NUMBER) and v is None:
                    raise ValueError(msg("web.form.missing", field=f.label or ""))
                if f.kind == MANY and f.count is not None and len(v or ()) != f.count:
                    raise ValueError(msg("web.form.pick_count", count=f.count, got=len(v or ())))
        return self.make(values)


def form(key: str, entry: Entry, state: Any, draft: dict[str, Any] | None = None) -> Form | None:
    """The form of ``entry`` for a page (``None``: only the host's screen has it: a pick made
    in secret, which belongs to the player's own phone, or a correction of the whole board)."""
    make = _FORMS.get(entry.kind)
    return make(key, entry, state, draft or {}) if make is not None else None


def _number(value: int) -> Tap:
    return Tap("", value, str(value))


def _numbers(low: int, high: int) -> tuple[Tap, ...]:
    return tuple(_number(n) for n in range(low, high + 1))


def _yes_no() -> tuple[Tap, ...]:
    return (Tap("", True, Msg("web.yes")), Tap("", False, Msg("web.no")))


# -- the protocol's own kinds ----------------------------------------------------------------


def _plain_number(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    low = entry.minimum if entry.minimum is not None else 0
    f = Field("n", entry.prompt, NUMBER, low=low, high=entry.maximum, value=entry.suggest)
    return Form((f,), lambda v: v["n"])


def _dice(key: str, entry: Entry, state: Any, draft: dict) -> Form | None:
    if entry.count is None:
        return None
    faces = _numbers(entry.minimum or 1, entry.maximum or 6)
    fields = tuple(
        Field(f"d{i}", msg("web.form.die_n", n=i + 1), options=faces) for i in range(entry.count)
    )
    return Form(fields, lambda v: tuple(v[f.name] for f in fields))


# -- Unicornus Knights -----------------------------------------------------------------------

TOKEN, CHARACTER, NOBODY = "token", "character", "none"


def _uk_battle(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """§6: before the roll, the dice the table rolled (or the app rolls); once rolled, where
    each die goes (the engine's best assignment first) and how the damage is split among the
    legal ways; the Princess's battle (§6.2), the split alone."""
    g = game_package(key)
    space = entry.subject
    battle = g.battle_at(state, space)
    hero = state.hero(battle.hero)
    if g.is_princess_battle(battle):
        damage = g.princess_damage(state, space)
        split = _split(g, state, hero, damage)
        return Form(
            (split,),
            lambda v: g.ResolveBattle(space, to_life=v["split"]),
            (msg("web.uk.princess_damage", damage=damage),),
        )
    odds = g.battle_odds(state, space)
    lines: list[Line] = [
        msg(
            "web.uk.odds",
            damage=f"{float(odds.expected_damage_taken):.2f}",
            wiped="—" if odds.p_wiped_out is None else f"{float(odds.p_wiped_out) * 100:.0f}%",
        )
    ]
    if not battle.rolled:
        n = g.dice_for(state, battle)
        lines.insert(0, msg("web.uk.dice", n=n))
        faces = _numbers(1, 6)
        fields = tuple(
            Field(f"d{i}", msg("web.form.die_n", n=i + 1), options=faces) for i in range(n)
        )

        def roll(v: dict) -> Any:
            if v.get("roll") == "app":
                return g.RollBattle(space)
            return g.RollBattle(space, dice=tuple(v[f.name] for f in fields))

        return Form(fields, roll, tuple(lines), (Quick(Msg("web.uk.app_rolls"), "roll", "app"),))
    diagram = hero.attack if battle.attacker == "kingdom" else hero.defence
    best = g.assignment(state, space)
    unit = state.unit_at(space)
    targets = (TOKEN, CHARACTER, NOBODY) if unit is not None and unit.leader else (TOKEN, NOBODY)
    fields = []
    for i, face in enumerate(battle.dice):
        default = TOKEN if i in best.tokens else CHARACTER if i in best.character else NOBODY
        label = msg("web.uk.die", n=i + 1, face=face, result=g.result_label(diagram[face - 1]))
        options = tuple(Tap("", t, Msg(f"unicornus_forms.battle.to_{t}")) for t in targets)
        fields.append(Field(f"d{i}", label, options=options, value=default))
    chosen = {f.name: draft.get(f.name, f.value) for f in fields}
    tokens = tuple(i for i in range(len(fields)) if chosen[f"d{i}"] == TOKEN)
    character = tuple(i for i in range(len(fields)) if chosen[f"d{i}"] == CHARACTER)
    edited = tokens != best.tokens or character != best.character
    try:
        result = g.table_assignment(state, space, tokens, character)
    except RuleError as exc:  # the table's edit refused: why, and no split until it is right
        lines.append(exc.message)
        result = None
    if result is not None:
        lines.append(
            msg(
                "unicornus_forms.battle.assign_result",
                damage=result.damage_taken,
                tokens=result.tokens_killed,
                character=result.character_damage,
            )
        )
        fields.append(_split(g, state, hero, result.damage_taken))

    def resolve(v: dict) -> Any:
        if result is None:
            raise ValueError(Msg("unicornus_forms.battle.fix_assignment"))
        kw: dict[str, Any] = {"to_life": v["split"]}
        if edited:
            kw.update(edited=True, tokens=tokens, character=character)
        return g.ResolveBattle(space, **kw)

    return Form(tuple(fields), resolve, tuple(lines))


def _split(g: Any, state: Any, hero: Any, damage: int) -> Field:
    """The legal ways to take ``damage`` (§6.1 step 5), as the engine lists them."""
    options = []
    for to_tokens, to_life in g.legal_splits(damage, hero.tokens, hero.damage, hero.life):
        dies = hero.damage + to_life >= hero.life
        words = "unicornus_forms.battle.split_dies" if dies else "unicornus_forms.battle.split"
        label = msg(words, tokens=g.count("token", to_tokens), life=to_life, hero=pair(hero.name))
        options.append(Tap("", to_life, label))
    first = options[0].arg if options else 0
    return Field("split", Msg("web.uk.split"), options=tuple(options), value=first)


def _uk_transport(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    handover = entry.subject
    hero = state.hero(handover.hero)
    receiver, tokens, supplies = entry.suggest
    people = tuple(
        Tap(
            "",
            h.id,
            msg(
                "unicornus_ui.form.receiver_room",
                name=pair(h.name),
                tokens=h.tokens,
                command=h.command,
            ),
        )
        for h in (state.hero(r) for r in handover.receivers)
    )
    fields = (
        Field("receiver", Msg("unicornus_ui.form.receiver"), options=people, value=receiver),
        Field("tokens", Msg("unicornus_ui.form.tokens"), NUMBER, high=hero.tokens, value=tokens),
        Field(
            "supplies",
            Msg("unicornus_ui.form.supplies"),
            NUMBER,
            high=hero.supplies,
            value=supplies,
        ),
    )
    return Form(fields, lambda v: (v["receiver"], v["tokens"], v["supplies"]))


def _uk_replace(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    g = game_package(key)
    character, space = entry.suggest
    chars = tuple(
        Tap("", h.id, msg("unicornus.name", en=h.name[0], ja=h.name[1])) for h in state.reserve
    )
    spaces = tuple(Tap("", n, state.board.names[n]) for n in g.free_starts(state))
    fields = (
        Field("character", Msg("unicornus_ui.form.character"), options=chars, value=character),
        Field("space", Msg("unicornus_ui.form.space"), options=spaces, value=space),
    )
    return Form(fields, lambda v: (v["character"], v["space"]))


def _uk_new_event(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    fields = (
        Field("en", Msg("unicornus_ui.form.event_name_en"), TEXT, value=""),
        Field("ja", Msg("unicornus_ui.form.event_name_ja"), TEXT, value=""),
        Field(
            "level",
            Msg("unicornus_ui.form.event_level"),
            options=tuple(_number(n) for n in range(1, len(state.event_levels) + 1)),
            value=entry.subject,
        ),
        Field("ongoing", Msg("unicornus_ui.form.event_ongoing"), options=_yes_no(), value=False),
    )
    return Form(fields, lambda v: (v["en"], v["ja"], v["level"], v["ongoing"]))


def _uk_correct(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """The table's values (the table is the source of truth): what (a character, a unit, a
    space's printed values, the game), which space when it is one, then its values as the
    engine lists them, each changed one a step (``corrections``)."""
    g = game_package(key)
    names = state.board.names
    what = [
        Tap("", f"hero:{h.id}", msg("unicornus_ui.correct.hero", name=pair(h.name)))
        for h in state.heroes
    ] + [
        Tap("", f"imperial:{c.id}", msg("unicornus_ui.correct.imperial", name=pair(c.name)))
        for c in state.imperial
    ]
    for u in state.units:
        what.append(Tap("", f"unit:{u.space}", msg("web.uk.correct_unit", space=names[u.space])))
        what.append(Tap("", f"remove:{u.space}", msg("web.uk.remove_unit", space=names[u.space])))
    what += [
        Tap("", "place", Msg("unicornus_ui.correct.place")),
        Tap("", "space", Msg("web.uk.space_values")),
        Tap("", "game", Msg("unicornus_ui.correct.game")),
    ]
    fields = [Field("what", Msg("unicornus_ui.correct.title"), options=tuple(what))]
    chosen = draft.get("what")
    if not fields[0].takes(chosen):
        return Form(tuple(fields), lambda v: ())
    kind, _, ident = chosen.partition(":")
    if kind in ("place", "space"):
        spaces = tuple(Tap("", n, name) for n, name in enumerate(names))
        fields.append(Field("where", Msg("web.uk.which_space"), options=spaces))
        where = draft.get("where")
        if not fields[-1].takes(where):
            return Form(tuple(fields), lambda v: ())
        ident = where
    elif kind in ("unit", "remove"):
        ident = int(ident)
    at = f"{kind}.{ident}."  # a field of this target's (another target's taps stay its own)
    nobody = (("", Msg("unicornus_ui.form.nobody")),)
    lists = {
        "yes_no": ((True, Msg("web.yes")), (False, Msg("web.no"))),
        "space": ((-1, Msg("web.none")),) + tuple(enumerate(names)),
        "hero": nobody + tuple((h.id, _uk_name(h.name)) for h in state.heroes),
        "imperial": nobody + tuple((c.id, _uk_name(c.name)) for c in state.imperial),
        "personality": tuple((p, Msg(f"unicornus_ui.personality.{p}")) for p in g.PERSONALITIES),
        "status": tuple((x, Msg(f"unicornus_ui.status.{x}")) for x in g.STATUSES),
        "seat": tuple((n, str(n + 1)) for n in range(state.players)),
    }
    keys = []
    for v in g.correction_values(state, kind, ident):
        label = Msg(f"unicornus_ui.correct.{_UK_LABELS.get(v.key, v.key)}")
        if v.kind == "number":
            fields.append(Field(at + v.key, label, NUMBER, low=v.low, high=v.high, value=v.now))
        else:
            options = tuple(Tap("", a, w) for a, w in lists[v.kind] if a != -1 or v.now == -1)
            fields.append(Field(at + v.key, label, options=options, value=v.now))
        keys.append(v.key)

    def make(values: dict) -> list:
        return g.corrections(state, kind, ident, {k: values[at + k] for k in keys})

    return Form(tuple(fields), make)


_UK_LABELS = {"combat_power": "power"}  # a value's words, where its key differs


def _uk_name(names: tuple[str, str]) -> Msg:
    return Msg("unicornus.name", pair(names))


# -- Magical Friends ------------------------------------------------------------------------


def _mf_fairy(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """§5 Fairy Trail: the face rolled, each with the space it sends the fairy to."""
    where = {face: space for space, faces in entry.subject for face in faces}
    faces = tuple(
        Tap("", n, str(n), note=where.get(n)) for n in range(entry.minimum, entry.maximum + 1)
    )
    f = Field("roll", entry.prompt, options=faces)
    return Form((f,), lambda v: v["roll"], quick=(Quick(Msg("web.mf.app_rolls"), "roll", None),))


def _mf_artifacts(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """§6: the artifact each wizard played, among those each has left."""
    g = game_package(key)
    fields = []
    for i, w in enumerate(state.wizards):
        label = msg("magical_friends_ui.form.artifact", wizard=w.name)
        options = tuple(_number(n) for n in entry.subject[i])
        note = Msg("web.mf.fortune_teller") if g.fortune_teller(state, i) else None
        fields.append(
            Field(
                f"w{i}",
                label if note is None else msg("web.with_note", text=label, note=note),
                options=options,
            )
        )
    return Form(tuple(fields), lambda v: tuple(v[f"w{i}"] for i in range(len(state.wizards))))


def _mf_steps(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """How far it went; each count's button says where it ends (the engine's ``step_ends``),
    as the terminal's steps dialog lists them."""
    g = game_package(key)
    low, high = entry.minimum or 1, entry.maximum
    notes: tuple[Line, ...] = ()
    if high is not None and high - low < BUTTONS:
        cid = entry.subject.creature
        notes = tuple(_ends(g.step_ends(state, cid, n)) for n in range(low, high + 1))
    f = Field("steps", entry.prompt, NUMBER, low=low, high=high, notes=notes)
    quick = (Quick(Msg("web.mf.jump"), "steps", g.JUMP),) if entry.subject.jump else ()
    return Form((f,), lambda v: v["steps"], quick=quick)


def _ends(ends: tuple[str, ...] | None) -> Line:
    if ends is None:
        return Msg("web.mf.steps_cavern")
    return "→ " + (" | ".join(ends) or "–")


def _mf_power(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """§2: the numbers of an ability's use the catalog does not know."""
    power = entry.subject
    fields = []
    if "cost" in power.unknown:
        fields.append(Field("cost", Msg("web.mf.wand_cost"), NUMBER, high=power.cost_most, value=0))
    if "wands" in power.unknown:
        label = msg("magical_friends_ui.ask.power", wizard=state.wizards[power.wizard].name)
        fields.append(Field("wands", label, NUMBER, high=power.wands_most, value=0))
    return Form(tuple(fields), dict)


def _holders(state: Any) -> tuple[Tap, ...]:
    """Nobody (0), or a wizard by seat number."""
    return (Tap("", 0, Msg("web.nobody")),) + tuple(
        Tap("", i, w.name) for i, w in enumerate(state.wizards, 1)
    )


def _mf_spaces(state: Any, none: bool) -> tuple[Tap, ...]:
    """Every space of the track, in order (``none``: "-" first, no space)."""
    out = (Tap("", "-", Msg("web.none")),) if none else ()
    return out + tuple(Tap("", s, s) for s in state.board.order)


def _mf_correct_wizard(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    v = entry.suggest
    used = [int(n) for n in str(v["used"]).split()]
    artifacts = tuple(_number(a.number) for a in state.artifacts)
    fields = (
        Field("pity", Msg("magical_friends_ui.field.pity"), NUMBER, high=99, value=v["pity"]),
        Field("dust", Msg("magical_friends_ui.field.dust"), NUMBER, high=99, value=v["dust"]),
        Field(
            "neutral", Msg("magical_friends_ui.field.neutral"), NUMBER, high=99, value=v["neutral"]
        ),
        Field("used", Msg("magical_friends_ui.field.used"), MANY, artifacts, value=used),
    )

    def make(values: dict) -> dict:
        return {**values, "used": " ".join(map(str, sorted(values["used"] or ())))}

    return Form(fields, make)


def _mf_correct_creature(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    v = entry.suggest
    where = _mf_spaces(state, none=False) + (Tap("", "slain", Msg("magical_friends.log.slain")),)
    fields = (
        Field("where", Msg("magical_friends_ui.field.where"), options=where, value=v["where"]),
        Field(
            "poisoned",
            Msg("magical_friends_ui.field.poisoned"),
            options=_yes_no(),
            value=bool(v["poisoned"]),
        ),
    )
    return Form(fields, dict)


def _mf_correct_heart(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    f = Field("holder", Msg("magical_friends_ui.field.holder"), options=_holders(state))
    return Form((f,), lambda v: v["holder"])


def _mf_correct_board(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    v = entry.suggest
    pieces = (
        Tap("", True, Msg("magical_friends_ui.header.stairway")),
        Tap("", False, Msg("magical_friends_ui.header.hell")),
    )
    fields = (
        Field(
            "stairway_up",
            Msg("magical_friends_ui.field.piece"),
            options=pieces,
            value=v["stairway_up"],
        ),
        Field(
            "fairy",
            Msg("magical_friends_ui.field.fairy"),
            options=_mf_spaces(state, True),
            value=v["fairy"],
        ),
        Field(
            "holder",
            Msg("magical_friends_ui.field.catapult_holder"),
            options=_holders(state),
            value=v["holder"],
        ),
        Field(
            "catapult",
            Msg("magical_friends_ui.field.catapult_space"),
            options=_mf_spaces(state, True),
            value=v["catapult"],
        ),
        Field(
            "round",
            Msg("magical_friends_ui.field.round"),
            NUMBER,
            high=entry.maximum,
            value=v["round"],
        ),
    )
    return Form(fields, dict)


# -- Insurrection -----------------------------------------------------------------------------


def _card_taps(state: Any, cards: Any) -> tuple[Tap, ...]:
    key = "insurrection"
    return tuple(
        Tap(
            "",
            c.card,
            c.label if c.label is not None else card_label(state, c.card),
            note=named(key, c.note, state) if c.note is not None else None,
            refused=named(key, c.refused, state) if c.refused is not None else None,
        )
        for c in cards.candidates
    )


def _cards_field(state: Any, cards: Any, name: str = "cards", label: Line | None = None) -> Field:
    taps = _card_taps(state, cards)
    if cards.count == 1:
        return Field(name, label or cards.title, options=taps)
    return Field(
        name, label or cards.title, MANY, taps, count=cards.count, value=list(cards.initial)
    )


def _ins_cards(key: str, entry: Entry, state: Any, draft: dict) -> Form | None:
    """Cards to pick: one by a tap, several with their count; a secret pick is the player's
    own phone's."""
    cards = entry.subject
    if cards.secret:
        return None
    f = _cards_field(state, cards)

    def make(v: dict) -> tuple:
        picked = v[f.name]
        picked = tuple(picked) if isinstance(picked, list) else (picked,)
        why = cards.refuse(picked) if cards.refuse is not None else None
        if why is not None:
            raise RuleError(why)
        return picked

    lines = (cards.intro,) if cards.intro is not None else ()
    return Form((f,), make, lines)


def _ins_leader(key: str, entry: Entry, state: Any, draft: dict) -> Form | None:
    pick = entry.subject
    if pick.secret:  # the app's offers: for the player's eyes, on their phone
        return None
    taps = tuple(leader_tap("", state, c) for c in pick.offers)
    f = Field("leader", entry.prompt, options=taps)
    return Form((f,), lambda v: v["leader"])


def _ins_play(key: str, entry: Entry, state: Any, draft: dict) -> Form | None:
    """§3.2 with the table's deck: each player's card in seat order (the cards the players
    before took are no longer offered)."""
    played = entry.subject
    if played.secret:
        return None
    fields = []
    taken: tuple[str, ...] = ()
    for i, player in enumerate(played.players):
        f = _cards_field(
            state, played.cards(player, taken), f"p{i}", msg("web.ins.played", player=player)
        )
        fields.append(f)
        chosen = draft.get(f.name)
        if chosen is not None and f.takes(chosen):
            taken += (chosen,)
    return Form(tuple(fields), lambda v: tuple(v[f.name] for f in fields))


def _ins_scout(key: str, entry: Entry, state: Any, draft: dict) -> Form | None:
    """§3.3: bottom or face up; with the app's deck the scout alone sees the card (their
    phone); with the table's, which card the table turned face up."""
    g = game_package(key)
    scouting = entry.subject
    if scouting.top is not None:
        return None
    if draft.get("where") == "face_up" and scouting.face_up is not None:
        f = _cards_field(state, scouting.face_up, "card", Msg("insurrection_ui.scout.face_up"))
        return Form((f,), lambda v: v["card"])
    where = (
        Tap("", g.BOTTOM, Msg("insurrection_ui.scout.bottom")),
        Tap("", "face_up", Msg("insurrection_ui.scout.face_up")),
    )
    f = Field("where", Msg("insurrection_ui.scout.title"), options=where)
    return Form((f,), lambda v: v["where"])


def _ins_land(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """The land's effect, done at the table; a note for the log is optional."""
    f = Field("note", Msg("insurrection_ui.land.note"), TEXT, value="")
    return Form((f,), lambda v: v["note"] or "")


def _ins_effect(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """§4: the card taken (or not used), and for an exchange the card given back."""
    pick = entry.subject
    take = _cards_field(state, pick.take, "take")
    fields = [take]
    taken = draft.get("take")
    if pick.give is not None and take.takes(taken) and taken != game_package(key).NOT_USED:
        give = tuple(Tap("", c, card_label(state, c)) for c in dict.fromkeys((*pick.give, taken)))
        fields.append(
            Field("give", msg("insurrection_ui.pick.give", player=pick.player), options=give)
        )

    def make(v: dict) -> tuple:
        return (v["take"], v.get("give"))

    return Form(tuple(fields), make, (entry.prompt,))


def _ins_progress(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """A correction of the progress, counted as the table counts (the token from the
    Stronghold = 1, the turn from 1)."""
    form = entry.subject
    now = form.counted()
    phases = tuple(Tap("", p, Msg(f"insurrection.phase.{p}")) for p in form.phases)
    fields = (
        Field(
            "round",
            Msg("insurrection_ui.correct.round"),
            NUMBER,
            high=form.rounds,
            value=now["round"],
        ),
        Field(
            "token",
            Msg("insurrection_ui.correct.token"),
            NUMBER,
            high=form.path,
            value=now["token"],
        ),
        Field("phase", Msg("insurrection_ui.correct.phase"), options=phases, value=now["phase"]),
        Field(
            "turn",
            Msg("insurrection_ui.correct.turn"),
            NUMBER,
            low=1,
            high=form.turns,
            value=now["turn"],
        ),
        Field(
            "evil", Msg("insurrection_ui.correct.evil"), options=_yes_no(), value=now["evil_won"]
        ),
    )

    def make(v: dict) -> dict:
        counted = {k: v[k] for k in ("round", "token", "phase", "turn")}
        return form.uncounted(counted | {"evil_won": v["evil"]})

    return Form(fields, make)


_VALUE_HINTS = ("reveal", "corruption", "initiative", "copies")  # the hint says where it is
SCORING = 99  # a value of a card's scoring text: at most this far from 0


def _ins_values(key: str, entry: Entry, state: Any, draft: dict) -> Form:
    """§1: the values printed on the cards the score needs, one field each (a number by taps,
    Remove or Scout yes or no, the icons among the four); the answer is the text each would
    be typed as, which the engine reads (and the host saves into the owner's catalog)."""
    g = game_package(key)
    cat = state.catalog
    fields, paths = [], entry.subject
    for i, path in enumerate(paths):
        where = g.parse_path(path)
        last = where.last
        item = cat.land(where.entry) if where.section == "lands" else cat.card(where.entry)
        label: Line = msg(
            "insurrection_ui.form.field", name=g.name_msg(item.name), field=where.field
        )
        name = f"v{i}"
        if last in ("remove", "scout"):
            taps = (Tap("", "y", Msg("web.yes")), Tap("", "n", Msg("web.no")))
            fields.append(Field(name, label, options=taps))
        elif last == "icons":
            icons = tuple(Tap("", icon, Msg(f"insurrection.icon.{icon}")) for icon in g.ICONS)
            fields.append(Field(name, label, MANY, icons, value=[]))
        elif last in _VALUE_HINTS:
            label = msg("web.with_note", text=label, note=Msg(f"insurrection_ui.hint.{last}"))
            fields.append(Field(name, label, NUMBER))
        else:  # a value of the card's scoring text (may be below 0)
            label = msg("web.with_note", text=label, note=Msg("insurrection_ui.hint.scoring"))
            fields.append(Field(name, label, NUMBER, low=-SCORING, high=SCORING))

    def make(v: dict) -> dict[str, str]:
        typed = {}
        for i, path in enumerate(paths):
            value = v[f"v{i}"]
            typed[path] = " ".join(value) if isinstance(value, list) else str(value)
        return typed

    return Form(tuple(fields), make, (Msg("insurrection_ui.score.values_intro"),))


_FORMS: dict[str, Callable[[str, Entry, Any, dict], Form | None]] = {
    "number": _plain_number,
    "dice": _dice,
    "unicornus.battle": _uk_battle,
    "unicornus.transport": _uk_transport,
    "unicornus.replace": _uk_replace,
    "unicornus.new_event": _uk_new_event,
    "unicornus.correct": _uk_correct,
    "magical_friends.fairy": _mf_fairy,
    "magical_friends.artifacts": _mf_artifacts,
    "magical_friends.steps": _mf_steps,
    "magical_friends.power": _mf_power,
    "magical_friends.correct_wizard": _mf_correct_wizard,
    "magical_friends.correct_creature": _mf_correct_creature,
    "magical_friends.correct_heart": _mf_correct_heart,
    "magical_friends.correct_board": _mf_correct_board,
    "insurrection.cards": _ins_cards,
    "insurrection.hand": _ins_cards,
    "insurrection.leader": _ins_leader,
    "insurrection.play": _ins_play,
    "insurrection.scout": _ins_scout,
    "insurrection.land": _ins_land,
    "insurrection.effect": _ins_effect,
    "insurrection.progress": _ins_progress,
    "insurrection.values": _ins_values,
}
"""Every entry kind the games ask (``grep -rn "Entry(" companion/games``)."""
