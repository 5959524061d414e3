// What the server refuses and why, where the specification gives no words (ours): the legacy admin
// backend's refusals, replayed writes, sign-in, report grids, admin users beyond reach.

// Refusals of the legacy admin backend (ours)
export const superOnlyFlags = 'Only a Super Admin can set the Super Admin, Unblacklist and Secure Page Access flags.';
export const superOnlyMsisdn = 'Only a Super Admin can set or change the mobile number of an admin user.';
export const countryAgenciesOnly = 'You can link users only to the country agencies.';
export const superOnlyChange = 'Only a Super Admin can change this.';
export const duplicateEmail = 'An admin user with this email address already exists.';
export const duplicateMsisdn = 'A user with this mobile number already exists.';
export const duplicateWhitelist = 'This mobile number is already whitelisted for that campaign and country.';
export const duplicateCampaignLanguage = 'This campaign already has this language.';
export const duplicateCampaignName = 'This agency already has a campaign with this name.';
export const campaignNameRequired = 'Campaign name is required';
export const superOnlyCampaignActive = 'Only a Super Admin can activate or deactivate a campaign.';
export const maxAgentCountInvalid = 'Max agent count must be a whole number from 0 to 1,000,000.';
export const versionOfAnotherCampaign = 'This version belongs to another campaign.';
export const compensationValueInvalid = 'Value must be an amount with at most two decimals, e.g. 12.50.';
export const compensationDayInvalid = 'Day must be a whole number from 0 to 3650.';
export const remunerationTypeNotFound = 'There is no such remuneration type.';
export const duplicateCompensation = 'This campaign version already pays for this event type.';
export const compensationHasPayments = 'Payments were made for this event type in this campaign: the compensation is kept for their history.';
export const campaignLanguageNotFound = 'Cannot find this campaign language.';
export const duplicateUsername = 'A user with this username already exists.';
export const agentNotFound = 'This agent does not exist, or is outside the agencies and campaigns you manage.';
export const userNotFound = 'This user does not exist, or is outside the agencies and campaigns you manage.';
export const userRoleNotFound = 'This role does not exist, or is outside the agencies and campaigns you manage.';
export const agencyOutOfScope = 'This agency is outside the agencies you manage.';
export const campaignOfAnotherAgency = 'This campaign does not belong to the chosen agency.';
export const statusTypeNotFound = 'There is no such status.';
export const roleTypeNotFound = 'There is no such role type.';
export const superOnlyAgentFilters = 'Only a Super Admin may include blacklisted agents or use the BQ filter.';
export const superOnlyBlacklist = 'Only a Super Admin can blacklist an agent or lift a blacklisting.';
export const roleCampaignsStayWithAgency = 'This role has campaigns of its agency: move the agent and its campaign together (Edit agent).';
export const duplicateRoleCampaign = 'This role already has this campaign.';
export const adminUserNotFound = 'This admin user does not exist, or is outside the agencies you manage.';
export const campaignOutOfScope = 'This campaign does not exist, or is outside the campaigns you manage.';
export const unknownCountry = 'There is no country with this code.';
export const ambiguousDiallingCode = 'Several countries share this dialling code: send the country’s ISO code or id.';
export const msisdnCountryUnknown = 'A Mobile Number starting with 0 needs its country: send country_code (its ISO code, e.g. GH), or the number in international form (e.g. 233241234567).';
export const countryOutOfScope = 'This country is outside the agencies you manage.';
export const whitelistNotFound = 'This whitelist entry does not exist, or is outside the campaigns you manage.';
export const eventTypeNotFound = 'This event type does not exist.';
export const countryNotFound = 'This country does not exist.';
export const idRequired = 'id is required';
export const recordChanged = 'This record was changed by someone else since you opened it. Check the current values and save again.';
export const updatedAtInvalid = 'updated_at must be the date and time the list sent (ISO 8601).';

// Replayed writes (Idempotency-Key, ours)
export const outboxQueuedAtInvalid = 'The X-Outbox-Queued-At header must be an ISO 8601 instant, such as 2026-11-28T09:30:00Z.';
export const idempotencyKeyInvalid = 'The Idempotency-Key header must be 1 to 200 visible characters.';
export const idempotencyKeyReused = 'This Idempotency-Key was already used for a different request. Send a new request with a new key.';
export const idempotencyInProgress = 'A request with this Idempotency-Key is still being processed. Try again in a moment.';

// Sign-in refusals the specification leaves open (ours; each starts with the section 8 words)
export const agentCannotLogin = 'Unable to login user: Agent and Gifter accounts cannot use the console.';
export const roleNotValid = 'Unable to login user: your role has ended or is not active (InActive, Suspended or Fraud Blocked). Ask a Super Admin to renew it.';
export const otpExpiredOrUsed = 'This OTP has expired or was already used. Request a new one.';
export const otpWrong = 'The OTP is not correct. Check the code and try again.';
export const otpTooManyTries = 'Too many wrong tries for this OTP. Request a new one.';
export const otpNoMobileNumber = 'This account has no mobile number. Choose EMAIL to receive the OTP.';

// Report grids and downloads (ours)
export const requestDateInvalid = 'Dates are sent as DD-MMM-YYYY, for example 01-Nov-2026.';
export const endBeforeStartDate = 'End Date cannot be before Start Date.';
export const includeBlacklistedSuperOnly = 'Only a Super Admin may include blacklisted rows.';
export const bqSuperOnly = 'Only a Super Admin may use the BQ filter.';
export const gridCursorInvalid = 'cursor is not one this grid gave: send the next or previous value of its answer, or leave it out.';

// Payment runs (ours)
export const paymentRunsNotAllowed = 'Only a Super Admin, or a Campaign Admin for their own campaigns, can preview or make a payment run.';
export const paymentRunChanged = 'The payments due changed since the preview, so nothing was paid. Look at the new preview and confirm again.';
export const paymentRunSuperOnly = 'Only a Super Admin can approve, reject or reverse a payment run.';
export const paymentRunOwnApproval = 'A payment run above the approval limit is approved by a second Super Admin: you made this run, so another Super Admin must approve it.';
export const paymentRunNotFound = 'No such payment run.';
export const paymentRunNotAwaitingApproval = 'This payment run is not awaiting approval, so nothing was changed.';
export const paymentRunNotReversible = 'Only a paid payment run can be reversed, once: this one was not changed.';
export const paymentRunReasonRequired = 'A reason is required';
export const paymentRunNeedsConnection = 'You are offline. Money is never queued offline: payment runs, their approval and their reversal need a connection. Try again once you are back online.';
export const paymentRunNotYours = 'Only a Super Admin, or a Campaign Admin whose campaigns include its campaign, can see this payment run.';
export const paymentRunPayoutNotPaid = (status: string): string =>
  `Only a paid payment run has a payout file: this one is ${status.toLowerCase()}, so it pays nobody.`;

// A payout's results from the provider (issue 52, ours)
export const payoutSettleSuperOnly = "Only a Super Admin can settle a payment run with the provider's results.";
export const payoutSettleNotPaid = (status: string): string =>
  `Only a paid payment run is settled with the provider's results: this one is ${status.toLowerCase()}, so nothing was changed.`;
export const payoutResultsRefused = "The results file was refused, so nothing of it was written. Correct the rows listed and upload it again.";
export const payoutResultsNeedsConnection = "You are offline. Settling a payment run needs a connection: the provider's results are never queued offline.";
export const payoutRunSettled = 'This payment run has results from the provider: money has left for some of its lines, so it cannot be reversed. A failed line\'s payments are due again already.';
export const payoutFileNoColumns = (missing: readonly string[], columns: readonly string[]): string =>
  `The file has no ${missing.join(' or ')} column: its first row must name the columns (${columns.join(', ')}).`;
export const payoutFileNoRows = 'The file has no rows under its header.';
export const payoutFileTooManyRows = (max: number): string => `A results file holds at most ${max.toLocaleString('en')} rows.`;
export const payoutFileCellTooLong = (row: number, column: string, max: number): string =>
  `Row ${row} of the file has a ${column} of more than ${max} characters.`;
export const payoutFileRequired = "Choose the provider's results file (a CSV) to upload.";
export const payoutRowUnknownLine = (lineId: string, ref: string): string => `${lineId} is not a line of ${ref}.`;
export const payoutRowDuplicate = (lineId: string, firstRow: number): string => `${lineId} is listed twice in the file (first on row ${firstRow}).`;
export const payoutRowBadStatus = (status: string): string => `The status must be paid or failed, not '${status}'.`;
export const payoutRowNoLineId = 'The row has no line_id.';
export const payoutRowAmountDiffers = (given: string, line: string): string => `The amount ${given} differs from the line's ${line}.`;
export const payoutRowCurrencyDiffers = (given: string, run: string): string => `The currency ${given} is not the run's (${run}).`;
export const payoutRowSettledOtherWay = (lineId: string, was: string): string => `${lineId} was settled as ${was} already: it cannot be settled the other way.`;
export const payoutRowOtherReference = (lineId: string, reference: string): string =>
  `${lineId} was settled as paid already, with the provider's reference ${reference}: a second reference is refused.`;
export const payoutRowNothingToSend = (lineId: string): string => `${lineId} asked the provider for nothing (below one whole unit, carried to the next run): it has no result.`;

// Admin users beyond the caller's reach (ours)
export const adminOutOfReach = 'This admin user holds roles or rights beyond the agencies and campaigns you manage. Only a Super Admin can change this user.';
export const superOnlyCredentials = 'Only a Super Admin can change the email address or password of an admin user. To change your own password, use Forgot password on the login page.';

// Admin roles given through user-roles and user-role-campaigns (issue 34): nothing wider than the giver's own reach (ours)
export const superOnlySuperAdminRole = 'Only a Super Admin can give or change the Super Admin role.';
export const campaignAdminGrantsCampaignAdminOnly = 'A Campaign Admin can give only the Campaign Admin role, for their own campaigns.';
export const grantAgencyOutOfReach = 'You can give admin roles only in the agencies you manage.';
export const grantCampaignOutOfReach = 'You can give a Campaign Admin role only for the campaigns you manage.';
export const ownRolesUnchangeable = 'You cannot give yourself a role or change your own roles. Ask another admin who manages your agency or campaigns.';
export const adminRoleNeedsAdminUser = 'Admin roles (Super Admin, Agency Admin, Campaign Admin) are given to admin users, who sign in with their email address.';
export const roleCampaignNotFound = 'This role campaign does not exist, or is outside the agencies and campaigns you manage.';
export const roleEndBeforeStart = 'The end date cannot be before the role’s start date.';

// Requests the server refuses whole (ours)
export const jsonTooDeep = 'The request is nested too deeply. Send the form as the console does.';
export const uploadCutOff = 'The upload was cut off before its end (the form has no closing boundary). Please send it again.';
export const headersTooLarge = 'The request’s headers are too large.';
export const notHttp = 'The request is not well-formed HTTP.';

/** A request, its body included, that did not arrive in the time the server gives one (ours). */
export const requestTooSlow = (seconds: number): string =>
  `The request did not arrive in full within ${seconds} seconds. Check the connection and send it again.`;

/** A file whose content is another type than its name says (ours): `found` as file-type names it (e.g. 'a PNG image'). */
export const uploadContentMismatch = (extension: string, found: string): string =>
  `This file is not what its name says: its name ends in ${extension} but its content is ${found}.`;

/** An event type key that is taken. */
export const duplicateEventKey = (key: string): string => `An event type with the key "${key}" already exists.`;

/** A country name taken, whatever its case (ours): `name` as the country holding it spells it. */
/** A whitelist entry's campaign runs in another country than the one chosen (issue 34). */
export const campaignOfAnotherCountry = (campaign: string, campaignCountry: string, chosen: string): string =>
  `The campaign ${campaign} runs in ${campaignCountry}, not in ${chosen}: choose a campaign of ${chosen}, or ${campaignCountry} as the country.`;

export const duplicateCountryName = (name: string): string => `A country named "${name}" already exists.`;

/** An ISO code another country has (ours). */
export const duplicateIsoCode = (code: string, country: string): string => `The ISO code ${code} is already ${country}'s.`;

/** A country sent without its ISO code, whose name is no country's (ours): the code cannot be told from it. */
export const countryNameUnknown = (name: string): string =>
  `There is no country named "${name}" in ISO 3166-1, so its ISO code cannot be told: check the name, or send the code as iso_code (two letters, e.g. GH for Ghana).`;

/** A country sent without its ISO code, whose name several countries share (ours). */
export const countryNameShared = (name: string, codes: readonly string[]): string =>
  `Several countries go by the name "${name}" (${codes.join(', ')}): send the country’s ISO code as iso_code.`;

/** An ISO code that campaigns, whitelist entries, users or payment runs carry (ours): changing it would cut them off their country. */
export const isoCodeInUse = (code: string): string =>
  `The ISO code ${code} cannot change: campaigns, whitelist entries, users or payment runs of this country carry it.`;

/** Linked agencies that do not exist. */
export const unknownAgencies = (ids: readonly number[]): string =>
  `There is no agency with the id ${ids.join(', ')}. Choose the agencies from the list.`;

/** Country languages that are not in the languages table. */
export const unknownLanguages = (codes: readonly string[]): string =>
  `There is no language with the code ${codes.join(', ')}. Choose the languages from the list.`;

/** A list sorted by a field it does not offer (`parameter`: orderby on the legacy backend, ordering on the others). */
export const unknownSortField = (field: string, allowed: readonly string[], parameter = 'orderby'): string =>
  allowed.length === 0
    ? `${parameter}: this list keeps one order and cannot be sorted by "${field}".`
    : `${parameter}: "${field}" is not a field of this list; use one of ${allowed.join(', ')}, with - in front for descending.`;

/** A filter of the report filter model that a grid does not offer, sent with a value (ours). */
export const filterNotOffered = (filter: string, grid: string): string => `${grid} has no ${filter} filter; leave it out.`;

/** Pending Payments' holds filter with a value it does not know (ours, issue 52). */
export const holdsFilterInvalid = 'holds must be payable (rows with something a payment run pays) or held_back (rows with something it holds back).';

/** 'All rows' asked of a grid holding more than a page may (ours). */
export const gridTooLargeForPage = (count: number): string =>
  `These filters match ${count.toLocaleString('en-US')} rows, more than one page shows. Narrow the filters, choose a page size, or download the CSV.`;

/** Too many sends for one account or address; `minutes` is the wait left. */
export const otpSendLimitReached = (minutes: number): string =>
  `Too many OTPs requested. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before asking for another.`;

/** The account's daily budget of wrong codes is spent; `until` is when the window passes (ISO). */
export const otpAccountLocked = (until: string): string =>
  `Too many wrong OTPs for this account. OTPs are refused until ${until}.`;

// The audit trail (issue 35)
export const auditSuperOnly = 'Only a Super Admin may browse the audit trail.';
export const auditEntryNotFound = 'No audit entry has this id.';
export const auditEntityUnknown = 'entity must be one of the entities the audit trail records.';
