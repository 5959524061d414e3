// A choice of several campaigns (the Campaigns list's filter, the report screens' Campaign): a
// dropdown of checkboxes whose button names the first two campaigns picked, then 'N more' (SPEC.md
// section 2).
import { Button, Checkbox, InputGroup, Popover } from '@blueprintjs/core';
import { CaretDown, Search } from '@blueprintjs/icons';
import { useState } from 'react';

/** 'GH-01, GH-02 and 3 more'; `none` ('All campaigns') when none is picked. */
export function pickedLabel(names: string[], none = 'All campaigns'): string {
  if (names.length === 0) return none;
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${shown} and ${names.length - 2} more` : shown;
}

/** A campaign to pick: its id and name. */
export interface CampaignOption {
  id: number;
  name: string;
}

interface CampaignMultiSelectProps {
  choices: readonly CampaignOption[];
  picked: number[];
  onPick(ids: number[]): void;
  /**
   * What the button says with none picked: 'All campaigns' where none means all (a list's filter);
   * 'Choose campaigns' where a choice is required (a report's, SPEC.md section 5).
   */
  noneLabel?: string;
}

export function CampaignMultiSelect({ choices, picked, onPick, noneLabel = 'All campaigns' }: CampaignMultiSelectProps) {
  const [typed, setTyped] = useState('');
  const nameOf = new Map(choices.map((campaign) => [campaign.id, campaign.name]));
  const names = picked.map((id) => nameOf.get(id) ?? `Campaign ${id}`);
  const shown = choices.filter((campaign) => campaign.name.toLowerCase().includes(typed.trim().toLowerCase()));
  const toggle = (id: number) => onPick(picked.includes(id) ? picked.filter((other) => other !== id) : [...picked, id]);

  return (
    <Popover
      placement="bottom-start"
      content={
        <div className="console-campaign-filter">
          <InputGroup type="search" leftIcon={<Search />} placeholder="Find a campaign" aria-label="Find a campaign" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <div role="group" aria-label="Campaigns to show">
            {shown.map((campaign) => (
              <Checkbox key={campaign.id} label={campaign.name} checked={picked.includes(campaign.id)} onChange={() => toggle(campaign.id)} />
            ))}
          </div>
          <Button variant="minimal" disabled={picked.length === 0} onClick={() => onPick([])}>
            {noneLabel === 'All campaigns' ? 'Show all campaigns' : 'Clear the campaigns'}
          </Button>
        </div>
      }
    >
      <Button endIcon={<CaretDown />} aria-label={`Campaign filter: ${pickedLabel(names, noneLabel)}`}>
        {pickedLabel(names, noneLabel)}
      </Button>
    </Popover>
  );
}
