"""Legacy conversion runs (Appendix X): whole folders past bad files, reports, and SSDs of the result.

- :mod:`drydock.convert.run`: one run of ``drydock convert --from admiralty|nova``, with its exit status;
- :mod:`drydock.convert.batch`: folders and standard input, with a report.md / report.csv;
- :mod:`drydock.convert.printing`: the ``--ssd`` booklet of converted designs and Nova records;
- :mod:`drydock.convert.nova_sheet`: a Nova record's display sheet.

The legacy readers and the X.1/X.2 mapping itself are formats: :mod:`drydock.formats.legacy`.
"""
