"""The paper's Figures 1-5 and the report's estimators, one plotting function per figure (matplotlib's
object-oriented API); :data:`proofs.figures.FIGURES` names them and ``python -m proofs figures`` draws them."""
