"""The app's words in French and English: one flat dict of message templates per language.

Keys are dotted names (``"button.roll"``, ``"reason.point-blocked"``); values are
``str.format`` templates. :func:`t` looks a key up, falls back to English, then to
the key itself, and picks the plural form ``key.one`` / ``key.other`` from a
``count`` argument. Player 0 (bottom) plays the white checkers, player 1 (top) the
black ones.

>>> t("fr", "button.roll")
'Lancer'
>>> t("en", "label.point", point=13, checkers=checkers_text("en", 5, 0))
'point 13, 5 white checkers'
>>> t("fr", "reason.point-blocked.at", point=6)
'la case 6 est bloquée'
>>> detect_lang(["de-DE", "fr-CA", "en"])
'fr'
"""

from __future__ import annotations

from collections.abc import Iterable

LANGS = ("en", "fr")
DEFAULT_LANG = "en"

EN: dict[str, str] = {
    # buttons (accessible names: the end-to-end tests find them by these)
    "button.roll": "Roll",
    "button.double": "Double",
    "button.take": "Take",
    "button.pass": "Pass",
    "button.undo": "Undo",
    "button.confirm": "Confirm",
    "button.resign": "Resign",
    "button.accept": "Accept",
    "button.decline": "Decline",
    "button.new_match": "New match",
    "button.start": "Start",
    "button.cancel": "Cancel",
    "button.close": "Close",
    "button.flip": "Flip board",
    "button.language": "Français",
    # new-match dialog
    "dialog.title": "New match",
    "dialog.opponent": "Opponent",
    "dialog.match_length": "Match length",
    "dialog.crawford": "Crawford rule",
    "dialog.level": "Level",
    "dialog.your_name": "Your name",
    "opponent.bot": "Computer",
    "opponent.human": "Human (same device)",
    "level.beginner": "Beginner",
    "level.intermediate": "Intermediate",
    "level.expert": "Expert",
    "level.strongest": "Strongest",
    "length.money": "Money game",
    "length.points.one": "{count} point",
    "length.points.other": "{count} points",
    # resignation choices
    "resign.single": "Resign a single game",
    "resign.gammon": "Resign a gammon",
    "resign.backgammon": "Resign a backgammon",
    # players and board
    "player.0": "White",
    "player.1": "Black",
    "color.0.one": "white",
    "color.0.other": "white",
    "color.1.one": "black",
    "color.1.other": "black",
    "checkers.one": "{count} {color} checker",
    "checkers.other": "{count} {color} checkers",
    "checkers.none": "empty",
    "label.point": "point {point}, {checkers}",
    "label.bar": "bar, {checkers}",
    "label.off": "borne off, {checkers}",
    "label.board": "Backgammon board",
    "label.dice": "dice: {dice}",
    "label.dice.used": "{value} (used)",
    "label.cube.centre": "doubling cube in the middle",
    "label.cube.owned": "doubling cube at {value}, owned by {name}",
    "label.cube.offered": "{name} offers the cube at {value}",
    "pips.one": "{count} pip",
    "pips.other": "{count} pips",
    "score.one": "{count} point",
    "score.other": "{count} points",
    "match.money": "Money game",
    "match.length": "{count}-point match",
    "match.crawford": "Crawford game",
    "match.post_crawford": "post-Crawford",
    "match.score": "{score0}–{score1}",
    # phases
    "phase.opening": "Roll one die each: the higher one starts",
    "phase.opening.tie": "Both rolled {value}: roll again",
    "phase.opening.won": "{name} starts and plays {dice}",
    "phase.roll": "{name} to roll",
    "phase.roll.may_double": "{name} to roll or double",
    "phase.move": "{name} to play {dice}",
    "phase.move.done": "{name}: confirm the move",
    "phase.move.none": "{name} cannot move {dice}",
    "phase.double": "{name} doubles to {value}: {other} to take or pass",
    "phase.resign": "{name} offers to resign {what}: {other} to accept or decline",
    "phase.bot_thinking": "{name} is thinking…",
    "resign.what.1": "a single game",
    "resign.what.2": "a gammon",
    "resign.what.3": "a backgammon",
    # game and match over
    "over.single": "{winner} wins a single game and {points_text}",
    "over.gammon": "{winner} wins a gammon and {points_text}",
    "over.backgammon": "{winner} wins a backgammon and {points_text}",
    "over.pass": "{loser} passes: {winner} wins {points_text}",
    "over.resign.1": "{loser} resigns a single game: {winner} wins {points_text}",
    "over.resign.2": "{loser} resigns a gammon: {winner} wins {points_text}",
    "over.resign.3": "{loser} resigns a backgammon: {winner} wins {points_text}",
    "over.points.one": "{count} point",
    "over.points.other": "{count} points",
    "over.match": "{winner} wins the match {score}",
    "over.match_resigned": "{loser} resigns the match: {winner} wins",
    "over.next_game": "Roll to start the next game",
    # reasons (codes of core/reasons.py); ".at" forms take the point
    "reason.legal": "that move is legal",
    "reason.no-checker-there": "you have no checker there",
    "reason.no-checker-there.at": "you have no checker on point {point}",
    "reason.must-enter-from-bar": "you must enter from the bar first",
    "reason.point-blocked": "that point is blocked",
    "reason.point-blocked.at": "point {point} is blocked",
    "reason.must-use-both-dice": "you must use both dice",
    "reason.must-use-all-dice": "you must use as many dice as possible",
    "reason.must-play-larger-die": "only one die can be played: you must play the larger",
    "reason.cannot-bear-off-yet": "you cannot bear off until all your checkers are home",
    "reason.bear-off-from-highest": "a larger number bears off only from the highest point",
    "reason.no-matching-die": "no die left shows that number",
    "reason.wrong-direction": "checkers move towards your home board",
    "reason.no-such-point": "there is no such point",
    "reason.no-dice-left": "all the dice are used",
    "reason.no-legal-play": "the roll cannot be played",
    "reason.turn-not-complete": "the move is not complete",
    "reason.not-your-turn": "it is not your turn",
    "reason.illegal-play": "that play is not legal",
    "reason.game-over": "the game is over",
    "reason.match-over": "the match is over",
    "reason.not-now": "that is not possible now",
    "reason.must-roll-first": "roll the dice first",
    "reason.already-rolled": "you may only do that before rolling",
    "reason.cube-not-yours": "only the owner of the cube may redouble",
    "reason.cube-unavailable": "the cube is not in play in this game",
    "reason.cube-at-maximum": "the cube is already at 64",
    "reason.no-offer-pending": "there is no offer to answer",
    "reason.resign-must-be-higher": "after a declined offer only a higher one may follow this turn",
    "reason.invalid-resignation": "resign a single game, a gammon or a backgammon",
    "reason.offer-pending": "answer the offer on the table first",
    "reason.must-play": "the roll can be played, so you must play it",
    "reason.invalid-dice": "dice are two numbers from 1 to 6",
    "reason.unknown": "that is not allowed",
    # match files, position IDs, replay, dice record (web/app/records/panel.py)
    "records.title": "Files and positions",
    "records.export": "Export .mat",
    "records.import": "Import .mat",
    "records.copy_xgid": "Copy XGID",
    "records.copy_gnubg": "Copy gnubg ID",
    "records.setup": "Set up from ID",
    "records.replay": "Replay",
    "records.dice": "Dice record",
    "records.id_label": "Position ID",
    "records.copied": "{what} copied to the clipboard.",
    "records.copy_fallback": "The clipboard is not available here: copy the text selected below yourself ({what}).",
    "records.what.xgid": "XGID",
    "records.what.gnubg": "gnubg ID",
    "records.what.embed": "Embed code",
    "records.copy_embed": "Embed this position",
    "records.busy": "The computer is playing: try again in a moment.",
    "records.no_xgid": "A game that is over has no XGID: copy its gnubg ID instead.",
    "records.exported": "Exported as {name}.",
    "records.export_failed": "This match cannot be exported: {error}",
    "records.import_line": "{file} cannot be read: line {line}: {detail}",
    "records.import_bad": "{file} cannot be read: {detail}",
    "records.import_kept": "Your current match is unchanged.",
    "records.import_too_big": "{file} is too large for a match file.",
    "records.summary": "{names} · {length} · {games} · {score}",
    "records.games.one": "{count} game",
    "records.games.other": "{count} games",
    # replay
    "replay.title": "Replay",
    "replay.of_current": "The current match",
    "replay.of_file": "Imported from {file}",
    "replay.game": "Game {n}",
    "replay.game_label": "Game",
    "replay.start": "start",
    "replay.first": "Start of the game",
    "replay.previous": "Previous move",
    "replay.next": "Next move",
    "replay.last": "End of the game",
    "replay.moves": "Moves",
    "replay.replace": "Play on from this match",
    "replay.replace_confirm": "Replace the current match with the imported one? The current match is lost "
    "unless you export it first.",
    "replay.replace_yes": "Yes, replace it",
    "replay.replaced": "The imported match is now the current match.",
    # set-up from an ID
    "setup.title": "Set up a position from an ID",
    "setup.label": "XGID or gnubg ID",
    "setup.hint": "Paste an XGID (XGID=…) or a gnubg ID (Position ID:Match ID), as eXtreme Gammon or "
    "GNU Backgammon copy them.",
    "setup.read.xgid": "XGID read.",
    "setup.read.gnubg": "gnubg ID read.",
    "setup.not_id": "This is neither an XGID nor a gnubg ID.",
    "setup.invalid.xgid": "This XGID cannot be used: {detail}",
    "setup.invalid.gnubg": "This gnubg ID cannot be used: {detail}",
    "setup.warning": "Playing from this position replaces the current match.",
    "setup.play": "Play from this position",
    "setup.against": "Play on against",
    "setup.done": "Position set up ({what}).",
    # dice record
    "dice.title": "Dice record",
    "dice.whose": "Rolls of",
    "dice.both": "Both players",
    "dice.count.one": "{count} roll",
    "dice.count.other": "{count} rolls",
    "dice.none": "No dice thrown yet.",
    "dice.note": "Every throw counts, the opening throws (ties included) for both players.",
    "dice.rolls": "The 21 rolls",
    "dice.faces": "Each number, die by die",
    "dice.roll": "Roll",
    "dice.number": "Number",
    "dice.seen": "Seen",
    "dice.expected": "Expected",
    "dice.doubles": "Doubles: {seen} of {count}, fair dice give {expected} (1 in 6).",
    "dice.test": "Chi-square test: {chi2} ({df} degrees of freedom), p = {p}.",
    "dice.test_few": "Too few rolls for a test.",
    "dice.test_hint": "p is the chance that fair dice stray this far or farther; only a p below 0.01 "
    "would be unusual.",
}

FR: dict[str, str] = {
    "button.roll": "Lancer",
    "button.double": "Doubler",
    "button.take": "Accepter le videau",
    "button.pass": "Passer",
    "button.undo": "Annuler",
    "button.confirm": "Valider",
    "button.resign": "Abandonner",
    "button.accept": "Accepter",
    "button.decline": "Refuser",
    "button.new_match": "Nouveau match",
    "button.start": "Commencer",
    "button.cancel": "Fermer",
    "button.close": "Fermer",
    "button.flip": "Retourner le plateau",
    "button.language": "English",
    "dialog.title": "Nouveau match",
    "dialog.opponent": "Adversaire",
    "dialog.match_length": "Longueur du match",
    "dialog.crawford": "Règle de Crawford",
    "dialog.level": "Niveau",
    "dialog.your_name": "Votre nom",
    "opponent.bot": "Ordinateur",
    "opponent.human": "Humain (même appareil)",
    "level.beginner": "Débutant",
    "level.intermediate": "Intermédiaire",
    "level.expert": "Expert",
    "level.strongest": "Le plus fort",
    "length.money": "Partie d’argent",
    "length.points.one": "{count} point",
    "length.points.other": "{count} points",
    "resign.single": "Abandonner une partie simple",
    "resign.gammon": "Abandonner un gammon",
    "resign.backgammon": "Abandonner un backgammon",
    "player.0": "Blanc",
    "player.1": "Noir",
    "color.0.one": "blanc",
    "color.0.other": "blancs",
    "color.1.one": "noir",
    "color.1.other": "noirs",
    "checkers.one": "{count} pion {color}",
    "checkers.other": "{count} pions {color}",
    "checkers.none": "vide",
    "label.point": "case {point}, {checkers}",
    "label.bar": "barre, {checkers}",
    "label.off": "sortis, {checkers}",
    "label.board": "Plateau de backgammon",
    "label.dice": "dés : {dice}",
    "label.dice.used": "{value} (joué)",
    "label.cube.centre": "videau au centre",
    "label.cube.owned": "videau à {value}, à {name}",
    "label.cube.offered": "{name} propose le videau à {value}",
    "pips.one": "{count} pip",
    "pips.other": "{count} pips",
    "score.one": "{count} point",
    "score.other": "{count} points",
    "match.money": "Partie d’argent",
    "match.length": "Match en {count} points",
    "match.crawford": "Partie Crawford",
    "match.post_crawford": "après Crawford",
    "match.score": "{score0}–{score1}",
    "phase.opening": "Chacun lance un dé : le plus haut commence",
    "phase.opening.tie": "Deux fois {value} : on relance",
    "phase.opening.won": "{name} commence et joue {dice}",
    "phase.roll": "À {name} de lancer",
    "phase.roll.may_double": "À {name} de lancer ou de doubler",
    "phase.move": "À {name} de jouer {dice}",
    "phase.move.done": "{name} : validez le coup",
    "phase.move.none": "{name} ne peut pas jouer {dice}",
    "phase.double": "{name} double à {value} : {other} accepte ou passe",
    "phase.resign": "{name} propose d’abandonner {what} : {other} accepte ou refuse",
    "phase.bot_thinking": "{name} réfléchit…",
    "resign.what.1": "une partie simple",
    "resign.what.2": "un gammon",
    "resign.what.3": "un backgammon",
    "over.single": "{winner} gagne une partie simple et {points_text}",
    "over.gammon": "{winner} gagne un gammon et {points_text}",
    "over.backgammon": "{winner} gagne un backgammon et {points_text}",
    "over.pass": "{loser} passe : {winner} gagne {points_text}",
    "over.resign.1": "{loser} abandonne une partie simple : {winner} gagne {points_text}",
    "over.resign.2": "{loser} abandonne un gammon : {winner} gagne {points_text}",
    "over.resign.3": "{loser} abandonne un backgammon : {winner} gagne {points_text}",
    "over.points.one": "{count} point",
    "over.points.other": "{count} points",
    "over.match": "{winner} gagne le match {score}",
    "over.match_resigned": "{loser} abandonne le match : {winner} gagne",
    "over.next_game": "Lancez pour commencer la partie suivante",
    "reason.legal": "ce déplacement est permis",
    "reason.no-checker-there": "vous n’avez pas de pion ici",
    "reason.no-checker-there.at": "vous n’avez pas de pion sur la case {point}",
    "reason.must-enter-from-bar": "vous devez d’abord rentrer le pion de la barre",
    "reason.point-blocked": "cette case est bloquée",
    "reason.point-blocked.at": "la case {point} est bloquée",
    "reason.must-use-both-dice": "vous devez jouer les deux dés",
    "reason.must-use-all-dice": "vous devez jouer autant de dés que possible",
    "reason.must-play-larger-die": "un seul dé est jouable : vous devez jouer le plus grand",
    "reason.cannot-bear-off-yet": "vous ne pouvez sortir qu’une fois tous vos pions dans votre jan intérieur",
    "reason.bear-off-from-highest": "un nombre plus grand ne sort un pion que de la case occupée la plus haute",
    "reason.no-matching-die": "aucun dé restant ne donne ce nombre",
    "reason.wrong-direction": "les pions avancent vers votre jan intérieur",
    "reason.no-such-point": "cette case n’existe pas",
    "reason.no-dice-left": "tous les dés sont joués",
    "reason.no-legal-play": "ce lancer ne peut pas être joué",
    "reason.turn-not-complete": "le coup n’est pas terminé",
    "reason.not-your-turn": "ce n’est pas votre tour",
    "reason.illegal-play": "ce coup n’est pas permis",
    "reason.game-over": "la partie est terminée",
    "reason.match-over": "le match est terminé",
    "reason.not-now": "ce n’est pas possible maintenant",
    "reason.must-roll-first": "lancez d’abord les dés",
    "reason.already-rolled": "cela n’est possible qu’avant de lancer les dés",
    "reason.cube-not-yours": "seul le propriétaire du videau peut redoubler",
    "reason.cube-unavailable": "le videau n’est pas en jeu dans cette partie",
    "reason.cube-at-maximum": "le videau est déjà à 64",
    "reason.no-offer-pending": "il n’y a pas d’offre à laquelle répondre",
    "reason.resign-must-be-higher": "après une offre refusée, seule une offre plus haute est possible ce tour-ci",
    "reason.invalid-resignation": "abandonnez une partie simple, un gammon ou un backgammon",
    "reason.offer-pending": "répondez d’abord à l’offre en cours",
    "reason.must-play": "ce lancer peut être joué : vous devez le jouer",
    "reason.invalid-dice": "les dés sont deux nombres de 1 à 6",
    "reason.unknown": "ce n’est pas permis",
    # match files, position IDs, replay, dice record (web/app/records/panel.py)
    "records.title": "Fichiers et positions",
    "records.export": "Exporter le .mat",
    "records.import": "Importer un .mat",
    "records.copy_xgid": "Copier le XGID",
    "records.copy_gnubg": "Copier l’ID gnubg",
    "records.setup": "Position depuis un ID",
    "records.replay": "Revoir",
    "records.dice": "Relevé des dés",
    "records.id_label": "ID de la position",
    "records.copied": "{what} copié dans le presse-papiers.",
    "records.copy_fallback": "Le presse-papiers n’est pas disponible ici : copiez vous-même le texte "
    "sélectionné ci-dessous ({what}).",
    "records.what.xgid": "XGID",
    "records.what.gnubg": "ID gnubg",
    "records.what.embed": "Code d’intégration",
    "records.copy_embed": "Intégrer cette position",
    "records.busy": "L’ordinateur joue : réessayez dans un instant.",
    "records.no_xgid": "Une partie terminée n’a pas de XGID : copiez plutôt son ID gnubg.",
    "records.exported": "Exporté sous le nom {name}.",
    "records.export_failed": "Ce match ne peut pas être exporté : {error}",
    "records.import_line": "{file} ne peut pas être lu : ligne {line} : {detail}",
    "records.import_bad": "{file} ne peut pas être lu : {detail}",
    "records.import_kept": "Votre match en cours n’a pas changé.",
    "records.import_too_big": "{file} est trop gros pour un fichier de match.",
    "records.summary": "{names} · {length} · {games} · {score}",
    "records.games.one": "{count} partie",
    "records.games.other": "{count} parties",
    "replay.title": "Revoir le match",
    "replay.of_current": "Le match en cours",
    "replay.of_file": "Importé de {file}",
    "replay.game": "Partie {n}",
    "replay.game_label": "Partie",
    "replay.start": "début",
    "replay.first": "Début de la partie",
    "replay.previous": "Coup précédent",
    "replay.next": "Coup suivant",
    "replay.last": "Fin de la partie",
    "replay.moves": "Coups",
    "replay.replace": "Continuer ce match",
    "replay.replace_confirm": "Remplacer le match en cours par le match importé ? Le match en cours est "
    "perdu si vous ne l’exportez pas avant.",
    "replay.replace_yes": "Oui, le remplacer",
    "replay.replaced": "Le match importé est maintenant le match en cours.",
    "setup.title": "Mettre en place une position depuis un ID",
    "setup.label": "XGID ou ID gnubg",
    "setup.hint": "Collez un XGID (XGID=…) ou un ID gnubg (ID de position:ID de match), tels que "
    "eXtreme Gammon ou GNU Backgammon les copient.",
    "setup.read.xgid": "XGID lu.",
    "setup.read.gnubg": "ID gnubg lu.",
    "setup.not_id": "Ce n’est ni un XGID ni un ID gnubg.",
    "setup.invalid.xgid": "Ce XGID ne peut pas servir : {detail}",
    "setup.invalid.gnubg": "Cet ID gnubg ne peut pas servir : {detail}",
    "setup.warning": "Jouer depuis cette position remplace le match en cours.",
    "setup.play": "Jouer depuis cette position",
    "setup.against": "Continuer contre",
    "setup.done": "Position mise en place ({what}).",
    "dice.title": "Relevé des dés",
    "dice.whose": "Lancers de",
    "dice.both": "Les deux joueurs",
    "dice.count.one": "{count} lancer",
    "dice.count.other": "{count} lancers",
    "dice.none": "Aucun dé lancé pour l’instant.",
    "dice.note": "Chaque lancer compte, ceux du départ (égalités comprises) pour les deux joueurs.",
    "dice.rolls": "Les 21 lancers",
    "dice.faces": "Chaque nombre, dé par dé",
    "dice.roll": "Lancer",
    "dice.number": "Nombre",
    "dice.seen": "Vus",
    "dice.expected": "Attendus",
    "dice.doubles": "Doubles : {seen} sur {count}, des dés honnêtes en donnent {expected} (1 sur 6).",
    "dice.test": "Test du khi-deux : {chi2} ({df} degrés de liberté), p = {p}.",
    "dice.test_few": "Trop peu de lancers pour un test.",
    "dice.test_hint": "p est la probabilité que des dés honnêtes s’écartent autant ou plus ; seul un p "
    "inférieur à 0,01 serait inhabituel.",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "fr": FR}


def plural_form(lang: str, count: int) -> str:
    """``"one"`` or ``"other"``: French treats 0 and 1 as singular, English only 1.

    >>> plural_form("fr", 0), plural_form("en", 0)
    ('one', 'other')
    """
    if lang == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


def _lookup(lang: str, key: str) -> str | None:
    table = STRINGS.get(lang, EN)
    text = table.get(key)
    if text is None and table is not EN:
        text = EN.get(key)
    return text


def t(lang: str, key: str, **kw: object) -> str:
    """The text of ``key`` in ``lang`` (English, then the key itself, when missing).

    A ``count`` argument selects ``key.one`` or ``key.other`` when those exist.

    >>> t("en", "pips", count=1)
    '1 pip'
    >>> t("fr", "score", count=2)
    '2 points'
    >>> t("xx", "button.pass")
    'Pass'
    """
    count = kw.get("count")
    text: str | None = None
    if isinstance(count, int):
        text = _lookup(lang, f"{key}.{plural_form(lang, count)}")
    if text is None:
        text = _lookup(lang, key)
    if text is None:
        return key
    return text.format(**kw) if kw else text


def player_name(lang: str, player: int, name: str = "") -> str:
    """The name to show for ``player``: the given name, else its colour ("White", "Noir")."""
    return name.strip() or t(lang, f"player.{player}")


def checkers_text(lang: str, white: int, black: int) -> str:
    """Checkers of both colours in words ("5 white checkers", "1 pion noir", "empty").

    >>> checkers_text("en", 1, 2)
    '1 white checker, 2 black checkers'
    >>> checkers_text("fr", 0, 0)
    'vide'
    """
    parts = []
    for player, n in ((0, white), (1, black)):
        if n:
            color = t(lang, f"color.{player}", count=n)
            parts.append(t(lang, "checkers", count=n, color=color))
    return ", ".join(parts) if parts else t(lang, "checkers.none")


def reason_text(lang: str, code: str, *, point: int | None = None) -> str:
    """Translate a reason code of ``core.reasons``; ``point`` (as the user sees it) when known.

    >>> reason_text("fr", "must-enter-from-bar")
    'vous devez d’abord rentrer le pion de la barre'
    >>> reason_text("en", "point-blocked", point=6)
    'point 6 is blocked'
    >>> reason_text("en", "no-such-code")
    'that is not allowed'
    """
    if point is not None and _lookup(lang, f"reason.{code}.at") is not None:
        return t(lang, f"reason.{code}.at", point=point)
    if _lookup(lang, f"reason.{code}") is None:
        return t(lang, "reason.unknown")
    return t(lang, f"reason.{code}")


def points_text(lang: str, points: int) -> str:
    """The points a game gives, in words: "1 point", "4 points"."""
    return t(lang, "over.points", count=points)


def game_over_text(
    lang: str,
    winner: str,
    loser: str,
    points: int,
    *,
    how: str,
    resigned: int = 0,
) -> str:
    """The line that ends a game.

    ``how``: ``"single"``, ``"gammon"``, ``"backgammon"``, ``"pass"`` (a double
    passed) or ``"resign"`` (with ``resigned`` = 1, 2 or 3: what was given up).

    >>> game_over_text("en", "White", "Black", 4, how="gammon")
    'White wins a gammon and 4 points'
    >>> game_over_text("fr", "Blanc", "Noir", 2, how="resign", resigned=2)
    'Noir abandonne un gammon : Blanc gagne 2 points'
    """
    key = f"over.resign.{resigned}" if how == "resign" else f"over.{how}"
    return t(lang, key, winner=winner, loser=loser, points_text=points_text(lang, points))


def detect_lang(navigator_languages: Iterable[str] | str | None) -> str:
    """``"fr"`` or ``"en"`` from the browser's preferred languages (first supported wins).

    >>> detect_lang(["fr-FR", "en-US"])
    'fr'
    >>> detect_lang("es")
    'en'
    >>> detect_lang(None)
    'en'
    """
    if navigator_languages is None:
        return DEFAULT_LANG
    if isinstance(navigator_languages, str):
        navigator_languages = [navigator_languages]
    for tag in navigator_languages:
        base = str(tag).strip().lower().replace("_", "-").split("-")[0]
        if base in LANGS:
            return base
    return DEFAULT_LANG
