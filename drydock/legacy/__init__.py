"""Legacy conversion: Admiralty Edition (Appendix X.1) and Nova (X.2) designs into Unity.

- :mod:`drydock.legacy.admiralty`: the tolerant reader (and a writer) of AE-era Drake posts;
- :mod:`drydock.legacy.nova`: the plain-text Nova display layout (reader and writer);
- :mod:`drydock.legacy.nova_record`: the Unity-compatible Nova record of X.2 and its YAML/JSON files;
- :mod:`drydock.legacy.tables`: every Appendix X mapping, as data;
- :mod:`drydock.legacy.convert`: AE record -> Unity :class:`~drydock.model.Design` + conversion report;
- :mod:`drydock.legacy.batch`: whole folders, past bad files, with a report.md / report.csv.
"""
