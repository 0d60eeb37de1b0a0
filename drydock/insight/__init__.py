"""Why did it win? Battle reports, design analysis and tournaments, with pictures (issue 15).

- :mod:`~drydock.insight.numbers` - exact figures rounded as a player reads them
- :mod:`~drydock.insight.analyze` - exact expected damage by range, shield and arc; SU/CR; endurance
- :mod:`~drydock.insight.battle_report` - many battles' statistics aggregated and explained
- :mod:`~drydock.insight.tournament` - round robins with a win-rate matrix, resumable
- :mod:`~drydock.insight.charts` - SVG charts from templates; HTML/PDF/SVG reports
"""
