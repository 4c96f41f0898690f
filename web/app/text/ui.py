"""The page's own words (dialogs, options, move list, recovery), French and English.

The board's and the core's words live in :mod:`i18n`; :func:`tr` looks a key up here
first, then there, so the page has one way to translate.

>>> tr("fr", "ui.next_game"), tr("en", "button.roll")
('Partie suivante', 'Roll')
>>> tr("fr", "log.double", value=4)
'double à 4'
"""

from __future__ import annotations

from app.text import t

EN: dict[str, str] = {
    "ui.loading": "Loading…",
    "ui.tagline": "Backgammon",
    "ui.actions": "Game actions",
    "ui.cancel": "Cancel",
    "ui.next_game": "Next game",
    "ui.game_over": "Game over",
    "ui.match_over": "Match over",
    "ui.score": "Score {score0}–{score1}",
    "ui.score_money": "Total {score0}–{score1}",
    "ui.language": "Language",
    "ui.lang.en": "English",
    "ui.lang.fr": "Français",
    "ui.name0": "White player",
    "ui.name1": "Black player",
    "ui.name_placeholder0": "White",
    "ui.name_placeholder1": "Black",
    "ui.length_hint": "0 = money game (no end)",
    "ui.opponent.human": "Human (same device)",
    "ui.opponent.bot": "Computer",
    "ui.opponent.bot_missing": "Computer (not available yet)",
    "ui.bot_failed": "The computer opponent could not start: {error}",
    "ui.options": "Options",
    "ui.auto_confirm": "End the turn automatically when the move is complete",
    "ui.auto_forced": "Play forced moves automatically",
    "ui.bot_fast": "The computer plays fast",
    "ui.moves": "Moves",
    "ui.game_n": "Game {n}",
    "ui.no_moves": "No moves yet.",
    "ui.keys": "Keys: arrows move between points, Enter or Space picks a checker and moves it, "
    "R rolls, U undoes, C confirms.",
    "ui.double_title": "Double to {value}?",
    "ui.double_text": "{other} will take (the cube goes to {value} and to them) or pass (and lose {points}).",
    "ui.double_yes": "Yes, double",
    "ui.resign_title": "Resign",
    "ui.resign_text": "What do you give up? {other} accepts or declines.",
    "ui.error": "Something went wrong: {error}",
    "ui.error_hint": "The match is saved after every action: reload the page to go on.",
    "ui.broken_title": "Your saved match could not be read",
    "ui.broken_text": "It has been kept as it was. Download it before starting a new match. ({error})",
    "ui.broken_download": "Download the saved match",
    "ui.broken_fresh": "Start a new match",
    "ui.other_tab": "This match was changed in another tab: showing the latest position.",
    "ui.conflict": "Another tab changed this match: your last action was not saved. Showing the latest position.",
    "ui.storage_failed": "This browser does not let the match be saved: {error}",
    "ui.opening_tie": "Both rolled {values}: rolled again.",
    "ui.cannot_move": "{name} cannot move {dice}: click Pass.",
    "log.cannot_move": "cannot move",
    "log.double": "doubles to {value}",
    "log.take": "takes",
    "log.drop": "passes",
    "log.resign.1": "offers to resign a single game",
    "log.resign.2": "offers to resign a gammon",
    "log.resign.3": "resigns a backgammon",
    "log.accept": "accepts",
    "log.decline": "declines",
}

FR: dict[str, str] = {
    "ui.loading": "Chargement…",
    "ui.tagline": "Backgammon",
    "ui.actions": "Actions de jeu",
    "ui.cancel": "Annuler",
    "ui.next_game": "Partie suivante",
    "ui.game_over": "Partie terminée",
    "ui.match_over": "Match terminé",
    "ui.score": "Score {score0}–{score1}",
    "ui.score_money": "Total {score0}–{score1}",
    "ui.language": "Langue",
    "ui.lang.en": "English",
    "ui.lang.fr": "Français",
    "ui.name0": "Joueur blanc",
    "ui.name1": "Joueur noir",
    "ui.name_placeholder0": "Blanc",
    "ui.name_placeholder1": "Noir",
    "ui.length_hint": "0 = partie d’argent (sans fin)",
    "ui.opponent.human": "Humain (même appareil)",
    "ui.opponent.bot": "Ordinateur",
    "ui.opponent.bot_missing": "Ordinateur (pas encore disponible)",
    "ui.bot_failed": "L’ordinateur n’a pas pu démarrer : {error}",
    "ui.options": "Options",
    "ui.auto_confirm": "Finir le tour automatiquement quand le coup est complet",
    "ui.auto_forced": "Jouer automatiquement les coups forcés",
    "ui.bot_fast": "L’ordinateur joue vite",
    "ui.moves": "Coups",
    "ui.game_n": "Partie {n}",
    "ui.no_moves": "Aucun coup pour l’instant.",
    "ui.keys": "Clavier : les flèches passent d’une case à l’autre, Entrée ou Espace prend un pion et le joue, "
    "R lance, U annule, C valide.",
    "ui.double_title": "Doubler à {value} ?",
    "ui.double_text": "{other} accepte (le videau passe à {value}, chez lui) ou passe (et perd {points}).",
    "ui.double_yes": "Oui, doubler",
    "ui.resign_title": "Abandonner",
    "ui.resign_text": "Qu’abandonnez-vous ? {other} accepte ou refuse.",
    "ui.error": "Une erreur s’est produite : {error}",
    "ui.error_hint": "Le match est enregistré après chaque action : rechargez la page pour continuer.",
    "ui.broken_title": "La partie enregistrée n’a pas pu être lue",
    "ui.broken_text": "Elle a été conservée telle quelle. Téléchargez-la avant de commencer un nouveau match. "
    "({error})",
    "ui.broken_download": "Télécharger la partie enregistrée",
    "ui.broken_fresh": "Commencer un nouveau match",
    "ui.other_tab": "Ce match a été modifié dans un autre onglet : voici la dernière position.",
    "ui.conflict": "Un autre onglet a modifié ce match : votre dernière action n’a pas été enregistrée. "
    "Voici la dernière position.",
    "ui.storage_failed": "Ce navigateur ne permet pas d’enregistrer le match : {error}",
    "ui.opening_tie": "Double {values} : relancé.",
    "ui.cannot_move": "{name} ne peut pas jouer {dice} : cliquez sur Passer.",
    "log.cannot_move": "ne peut pas jouer",
    "log.double": "double à {value}",
    "log.take": "accepte",
    "log.drop": "passe",
    "log.resign.1": "propose d’abandonner une partie simple",
    "log.resign.2": "propose d’abandonner un gammon",
    "log.resign.3": "abandonne un backgammon",
    "log.accept": "accepte",
    "log.decline": "refuse",
}

TABLES: dict[str, dict[str, str]] = {"en": EN, "fr": FR}


def tr(lang: str, key: str, **kw: object) -> str:
    """``key`` in ``lang``: this module's words, else :func:`i18n.t` (which falls back to English)."""
    table = TABLES.get(lang, EN)
    text = table.get(key, EN.get(key))
    if text is None:
        return t(lang, key, **kw)
    return text.format(**kw) if kw else text
