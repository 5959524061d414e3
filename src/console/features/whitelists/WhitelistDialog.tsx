// Add or edit a whitelist entry (SPEC.md section 5): an msisdn of 8 to 20 digits (a national one is
// saved with the country's dialling code), a country, and an optional campaign of that country (the
// campaigns offered are the chosen country's; the server refuses another's). An edit sends the
// updated_at it read, so a change made meanwhile by someone else is refused rather than overwritten
// (the dialog's conflict panel then shows both, by whitelistConflict).
import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import type { Whitelist } from '../../../contract/entities';
import { whitelistForm } from '../../../contract/schemas/adminForms';
import { useAllCountriesQuery, useCampaignChoicesQuery } from '../../backends/referenceApi';
import { FormDialog, useFormDialog, type EditDialogProps } from '../../components/FormDialog';
import { MsisdnField } from '../../components/MsisdnField';
import { useAppSelector } from '../../ground/hooks';
import {
  countryChoices, useSaveWhitelistMutation, whitelistConflict, whitelistRequest,
} from './whitelistsApi';

export function WhitelistDialog({ row: entry, retry, onClose }: EditDialogProps<Whitelist>) {
  const [save, { isLoading }] = useSaveWhitelistMutation();
  const { form, dialog } = useFormDialog(whitelistForm, {
    values: { id: entry?.id, updated_at: entry?.updated_at, msisdn: entry?.msisdn ?? '', country: entry?.country ?? '', campaign_id: entry?.campaign_id ?? null },
    retry,
    onClose,
    noun: 'whitelist entry',
    save: (data) => save(whitelistRequest(data)),
    saving: isLoading,
    saved: (data, editing) => `Mobile Number ${data.msisdn} ${editing ? 'updated' : 'whitelisted'}`,
    conflict: whitelistConflict,
  });
  const campaigns = useCampaignChoicesQuery();
  const campaignName = (id: unknown) => (id === null ? 'No campaign' : campaigns.data?.rows.find((choice) => choice.id === id)?.campaign_name);
  const countries = useAllCountriesQuery();
  const roleType = useAppSelector((state) => state.session.user?.role_type ?? '');

  const country = form.values.country as string;
  const campaignId = form.values.campaign_id ?? null;
  const campaignChosen = campaignId !== null;
  const countryError = form.errorOf('country');
  const campaignError = form.errorOf('campaign_id');

  // A campaign chosen before a country gives its country; the country chosen then offers its campaigns only.
  const campaignChoices = (campaigns.data?.rows ?? []).filter((campaign) => !country || campaign.country_code === country);

  function chooseCampaign(value: string) {
    const campaign = campaigns.data?.rows.find((choice) => String(choice.id) === value);
    form.set('campaign_id', campaign?.id ?? null);
    if (campaign && !country) form.set('country', campaign.country_code);
  }

  function chooseCountry(value: string) {
    form.set('country', value);
    // A campaign of another country no longer fits: the entry is the country's until one of its campaigns is chosen.
    const campaign = campaigns.data?.rows.find((choice) => choice.id === campaignId);
    if (campaign && value && campaign.country_code !== value) form.set('campaign_id', null);
  }

  return (
    <FormDialog {...dialog} conflictNames={{ campaign_id: campaignName }}>
      <MsisdnField
        id="whitelist-msisdn"
        {...form.textField('msisdn')}
        dialingCode={countries.data?.rows.find((choice) => choice.iso_code === country)?.code}
        autoFocus
      />
      <FormGroup
        label="Country"
        labelFor="whitelist-country"
        helperText={countryError}
        intent={countryError ? Intent.DANGER : Intent.NONE}
      >
        <HTMLSelect
          id="whitelist-country"
          fill
          value={country}
          onChange={(e) => chooseCountry(e.target.value)}
          onBlur={() => form.leave('country')}
        >
          <option value="">Choose a country</option>
          {countryChoices(countries.data?.rows ?? [], campaigns.data?.rows ?? [], roleType, country).map((choice) => (
            <option key={choice.code} value={choice.code}>
              {choice.label}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label="Campaign"
        labelFor="whitelist-campaign"
        helperText={campaignError ?? (campaigns.isError ? 'The campaigns could not be loaded.' : country ? "Optional: the chosen country's campaigns" : 'Optional')}
        intent={campaignError ? Intent.DANGER : Intent.NONE}
      >
        <HTMLSelect id="whitelist-campaign" fill value={campaignChosen ? String(campaignId) : ''} onChange={(e) => chooseCampaign(e.target.value)}>
          <option value="">No campaign</option>
          {campaignChoices.map((campaign) => (
            <option key={campaign.id} value={String(campaign.id)}>
              {campaign.campaign_name} ({campaign.country_code})
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </FormDialog>
  );
}
