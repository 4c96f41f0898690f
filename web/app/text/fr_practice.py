"""The coach's words in French for reviewing a decision and for practice (#44).

Merged into :data:`app.text.fr.FR` (one flat catalogue for :func:`app.text.t`).
"""

from __future__ import annotations

FR_PRACTICE: dict[str, str] = {
    # -- the depth the analysis shows (app.records.review.depth_text) ------------------------------
    "analysis.depth.one": "Profondeur : chaque jeu à 0 pli ; le meilleur (à {margin} près) et le jeu choisi un coup "
    "plus loin (1 pli, mêlé au 0 pli) ; le videau {cube}.",
    "analysis.depth.other": "Profondeur : chaque jeu à 0 pli ; les {count} meilleurs (à {margin} près) et le jeu "
    "choisi un coup plus loin (1 pli, mêlé au 0 pli) ; le videau {cube}.",
    "analysis.depth.cube1": "un coup à l’avance",
    "analysis.depth.cube2": "un coup à l’avance, deux quand c’est serré",
    # -- reviewing a decision ----------------------------------------------------------------------
    "review.title": "Revoir",
    "review.board": "La position avant la décision",
    "review.played": "Joué : {play}",
    "review.best": "Meilleur : {play}",
    "review.same": "Le meilleur jeu a été joué.",
    "review.loss": "Perte {loss}",
    "review.previous": "Erreur précédente",
    "review.next": "Erreur suivante",
    "review.replay": "Ouvrir dans la relecture",
    "review.keys": "Touches : N erreur suivante, P erreur précédente.",
    "review.first": "Aucune erreur avant celle-ci.",
    "review.last": "Aucune erreur après celle-ci.",
    # -- practice ----------------------------------------------------------------------------------------
    "practice.button": "Entraînement",
    "practice.title": "Entraînement",
    "practice.theme": "Thème",
    "practice.theme.all": "Tous les thèmes",
    "practice.theme.opening": "Ouverture",
    "practice.theme.middle": "Milieu de partie",
    "practice.theme.bearoff": "Sortie",
    "practice.theme.cube": "Videau",
    "practice.add": "Ajouter un paquet tout prêt",
    "practice.add_button": "Ajouter",
    "practice.deck.openings": "Ouvertures et réponses",
    "practice.deck.bearoff": "Technique de sortie",
    "practice.deck.cube": "Bases du videau",
    "practice.added.one": "{count} carte ajoutée.",
    "practice.added.other": "{count} cartes ajoutées.",
    "practice.from_match.one": "{count} erreur de ce match ajoutée à votre paquet d’entraînement.",
    "practice.from_match.other": "{count} erreurs de ce match ajoutées à votre paquet d’entraînement.",
    "practice.empty": "Votre paquet est vide : analysez un match pour travailler vos propres erreurs, ou ajoutez "
    "un paquet tout prêt.",
    "practice.none_theme": "Aucune carte de ce thème pour l’instant.",
    "practice.progress": "Progrès",
    "practice.col.theme": "Thème",
    "practice.col.cards": "Cartes",
    "practice.col.learned": "Acquises",
    "practice.col.due": "À revoir",
    "practice.col.right": "Justes",
    "practice.ask.move": "{name} joue {dice} : jouez le meilleur coup sur le plateau (ou écrivez-le).",
    "practice.ask.double": "{name} a le dé : doubler ou non ?",
    "practice.ask.take": "{name} est doublé : accepter ou refuser ?",
    "practice.mistake": "Dans votre match, vous aviez joué {played} (perte {loss}).",
    "practice.play": "Votre jeu",
    "practice.play_hint": "par exemple 13/7 8/7",
    "practice.submit": "Répondre",
    "practice.undo": "Annuler",
    "practice.thinking": "Le coach pèse votre réponse…",
    "practice.right": "Juste : {answer}. Meilleur : {best}.",
    "practice.right_best": "Juste : {answer} est le meilleur.",
    "practice.wrong": "Pas tout à fait : {answer} perd {loss}. Meilleur : {best}. Cette carte reviendra bientôt.",
    "practice.yours": "Votre jeu : {play}",
    "practice.next": "Carte suivante",
    "practice.due_now.one": "{count} carte à revoir maintenant.",
    "practice.due_now.other": "{count} cartes à revoir maintenant.",
    "practice.none_due": "Rien à revoir maintenant : voici la carte qui revient le plus tôt.",
    "practice.export": "Exporter",
    "practice.export_xgid": "Copier en XGID",
    "practice.export_embed": "Copier en intégrations",
    "practice.copied": "Copié dans le presse-papiers.",
    "practice.export_label": "Le paquet, à copier",
    "practice.broken": "Votre paquet d’entraînement enregistré est illisible ({error}) ; il a été mis de côté et "
    "un nouveau paquet commencé. Votre match enregistré est intact.",
    "practice.close": "Fermer",
    "practice.card": "Carte {index}",
}
