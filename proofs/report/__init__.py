"""The report of a run, in every form a reader needs; one concept per module.

* :mod:`~proofs.report.schema` — the report as typed data (:class:`~proofs.report.schema.Report`), its JSON
  (``--format json``) and the validating reader of ``export --from``;
* :mod:`~proofs.report.terminal` — the summary and compact table of ``python -m proofs``, and ``show ID``;
* :mod:`~proofs.report.html` — one self-contained HTML page (``--html FILE``), with
  :mod:`~proofs.report.html` (math as MathML) and :mod:`~proofs.report.figures` (figures as data URIs);
* :mod:`~proofs.report.latex_doc` — ``report.tex`` and one fragment per claim (``--latex DIR``);
* :mod:`~proofs.report.markdown` — the same structure as Markdown with ``$...$`` math;
* shared by all of them: :mod:`~proofs.report.view` (what is shown), :mod:`~proofs.report.mathtext` (text
  with math, and the printer each format subclasses), :mod:`~proofs.report.values` (values and derived
  expressions as math), :mod:`~proofs.report.tex` (everything known about LaTeX: commands, Greek,
  operators, the paper's symbol names, text escapes), :mod:`~proofs.report.latex` (the sympy printer, and
  derived expressions in q₁, q₂, q₃), :mod:`~proofs.report.latex_text`
  (reading LaTeX), :mod:`~proofs.report.unicode_math` (LaTeX as Unicode); files are written by
  :mod:`proofs.files` (safe ids, atomic writes), which every command's outputs share.

Nothing is imported here, so that using one output does not load the others.
"""
