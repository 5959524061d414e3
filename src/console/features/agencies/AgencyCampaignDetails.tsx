// The AGENCY CAMPAIGN DETAILS tab: each campaign type's settings, read-only. Its view/edit toggle
// (SPEC.md section 4) shows the same fields as inputs that stay disabled, and says why: no call
// changes them (section 9), so there is no Save.
import { Callout, Card, FormGroup, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { SectionTitle } from '../../components/PageTitle';
import { useId, useState } from 'react';
import type { AgencyCampaignTypeConfig } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { CAMPAIGN_SETTINGS, CampaignSettings } from '../../components/CampaignSettings';
import { READ_ONLY_LIMITS } from './agencyDetails';
import { LoadedPart, type ListPart } from './LoadedPart';

export function AgencyCampaignDetails({ configs }: { configs: ListPart<AgencyCampaignTypeConfig> }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Switch label="Edit" role="switch" checked={editing} onChange={(event) => setEditing(event.currentTarget.checked)} />
      {editing && (
        <Callout intent={Intent.PRIMARY} className="agency-read-only">
          {READ_ONLY_LIMITS}
        </Callout>
      )}
      <LoadedPart part={configs} failure={messages.agencyTypeConfigNotFound} empty="This agency runs no campaign type.">
        {(rows) => rows.map((config) => <CampaignTypeSettings key={config.id} config={config} editing={editing} />)}
      </LoadedPart>
    </>
  );
}

function CampaignTypeSettings({ config, editing }: { config: AgencyCampaignTypeConfig; editing: boolean }) {
  const id = useId();
  return (
    <Card className="agency-config" role="group" aria-labelledby={`${id}-name`}>
      <SectionTitle level={3} id={`${id}-name`}>{config.campaign_type.campaign_type_name}</SectionTitle>
      {editing ? (
        <div className="agency-config-fields">
          {CAMPAIGN_SETTINGS.map((field, index) => (
            <FormGroup key={field.label} label={field.label} labelFor={`${id}-${index}`}>
              <InputGroup id={`${id}-${index}`} value={field.value(config)} disabled readOnly />
            </FormGroup>
          ))}
        </div>
      ) : (
        <CampaignSettings config={config} />
      )}
    </Card>
  );
}
