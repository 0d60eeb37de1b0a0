"""Appendix T campaigns: T.1 objectives campaigns (map, state, turns), T.2 rotating campaigns, T.3 tournaments.

Pure data and rules, no I/O: the campaign file is :mod:`drydock.formats.campaign`, battles fought by the
engine and the ``drydock campaign`` command's work :mod:`drydock.insight.campaign_run`.
"""

from drydock.core.campaign.map import CampaignMap, t1_map
from drydock.core.campaign.rules import T_RULES, CampaignRules
from drydock.core.campaign.state import BattleRecord, Campaign, Ship, Side

__all__ = ["T_RULES", "BattleRecord", "Campaign", "CampaignMap", "CampaignRules", "Ship", "Side", "t1_map"]
