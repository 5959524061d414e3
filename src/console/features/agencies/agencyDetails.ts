// The Agency detail's parts (SPEC.md section 2): its two tabs, the campaign type settings as labelled
// read-only fields (section 9) and the message each failed call shows (section 8).
import type { SerializedError } from '@reduxjs/toolkit';
import type { AgencyCampaignTypeConfig } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { ApiFailure } from '../../http/failure';

export type AgencyTab = 'type' | 'details';

/** The tab a path's part opens (`/agencies/3/details`); no part, or one not known, opens CAMPAIGN TYPE. */
export const agencyTabOf = (part: string | undefined): AgencyTab => (part === 'details' ? 'details' : 'type');

/** The path's part of a tab. */
export const partOfAgencyTab = (tab: AgencyTab): string | undefined => (tab === 'details' ? 'details' : undefined);

/** Said over the settings in edit mode: no call changes them (docs/api.md), so there is no Save. */
export const READ_ONLY_LIMITS =
  "These limits are read-only: they are set with the agency's campaign type, and no one can change them here.";

/** The campaign types an agency runs, as the summary shows them. */
export const campaignTypeNames = (configs: readonly AgencyCampaignTypeConfig[]): string =>
  configs.map((config) => config.campaign_type.campaign_type_name).join(', ');

/** Why the agency could not be shown: the server does not know it (or it is out of reach), or anything else. */
export const agencyFailureText = (error: ApiFailure | SerializedError | undefined): string =>
  error && 'status' in error && error.status === 404 ? messages.agencyNotFound : messages.agencyDetailsUnavailable;
