/**
 * The campaign pages' paths (01 §2 "Campaign pages"), apart from their content so the router can
 * register the routes without loading the campaign config into the first load.
 */
export const CAMPAIGN_SLUGS = ['ostern', 'liebe', 'muttertag', 'vatertag'] as const;
export type CampaignSlug = (typeof CAMPAIGN_SLUGS)[number];
