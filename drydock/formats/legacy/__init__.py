"""Legacy formats: Admiralty Edition (Appendix X.1) and Nova (X.2) designs, and their mapping into Unity.

- :mod:`drydock.formats.legacy.admiralty`: the tolerant reader (and a writer) of AE-era Drake posts;
- :mod:`drydock.formats.legacy.nova`: the plain-text Nova display layout (reader and writer);
- :mod:`drydock.formats.legacy.nova_record`: the Unity-compatible Nova record of X.2 and its YAML/JSON files;
- :mod:`drydock.formats.legacy.tables`: every Appendix X mapping, as data;
- :mod:`drydock.formats.legacy.convert`: AE record -> Unity :class:`~drydock.core.model.Design` + conversion report;
- whole folders, reports and SSDs of the result: :mod:`drydock.convert`.
"""
