import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { AlertSettings } from '../../../../../contracts/alerts.ts';
import { serverMessage } from '../../../api/base-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { theme } from '../../../styles/theme.ts';
import { useGetAlertSettingsQuery, useSaveAlertSettingsMutation } from '../alerts-api.ts';

export const alertTexts = {
  title: 'Payout alerts by e-mail',
  intro: 'Hear about the payouts of the funds you hold or favourite without checking every day.',
  changeLabel: 'Distribution changes',
  changeDescription: 'An e-mail when a fund you hold or favourite declares a payout that differs from its 3-week average by more than your threshold.',
  percentLabel: 'Threshold (%)',
  percentHint: 'From 1 to 100. With 10, a payout of $0.46 after a 3-week average of $0.40 (+15 %) is mailed; $0.43 (+7.5 %) is not.',
  percentError: 'Enter a whole number from 1 to 100.',
  reminderLabel: 'Ex-date reminders',
  reminderDescription: 'An e-mail the business day before a fund you hold goes ex-dividend (declared payouts only), so you know to hold your shares through the close.',
  unverified: 'Alerts go to verified addresses only. Confirm your e-mail address with the link we sent you to receive them.',
  save: 'Save alert settings',
  saved: 'Alert settings saved',
  saveFailed: 'Failed to save alert settings',
  loadFailed: 'Failed to load your alert settings. Reload the page to try again.',
  unsubscribeNote: "Every alert e-mail has an unsubscribe link, and your mail app's Unsubscribe button works too: either turns that kind of alert off, no sign-in needed.",
} as const;

/** The personal area's Alerts tab: the two alert kinds, the threshold, a save with a toast. */
export function AlertsTab({ emailVerified }: { emailVerified: boolean }) {
  const { data, isLoading, isError } = useGetAlertSettingsQuery();
  if (isError) return <CardText role="alert">{alertTexts.loadFailed}</CardText>;
  if (isLoading || !data) {
    return (
      <div aria-busy="true">
        <Skeleton $height="260px" />
      </div>
    );
  }
  return <AlertsForm key={JSON.stringify(data)} saved={data} emailVerified={emailVerified} />;
}

function AlertsForm({ saved, emailVerified }: { saved: AlertSettings; emailVerified: boolean }) {
  const { toast } = useToast();
  const [save, { isLoading: saving }] = useSaveAlertSettingsMutation();
  const [changeAlerts, setChangeAlerts] = useState(saved.distributionChangeAlerts);
  const [percent, setPercent] = useState(String(saved.distributionChangePercent));
  const [reminder, setReminder] = useState(saved.exDateReminder);
  const [error, setError] = useState<string | undefined>(undefined);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = percent.trim();
    const parsed = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
    if (!(parsed >= 1 && parsed <= 100)) {
      setError(alertTexts.percentError);
      return;
    }
    setError(undefined);
    try {
      await save({ distributionChangeAlerts: changeAlerts, distributionChangePercent: parsed, exDateReminder: reminder }).unwrap();
      toast({ title: alertTexts.saved });
    } catch (failure) {
      toast({ title: alertTexts.saveFailed, description: serverMessage(failure), variant: 'destructive' });
    }
  }

  return (
    <Card aria-labelledby="alerts-title" data-testid="alerts-card">
      <form onSubmit={onSubmit} noValidate>
        <CardTitle as="h2" id="alerts-title">
          {alertTexts.title}
        </CardTitle>
        <CardText>{alertTexts.intro}</CardText>
        {emailVerified ? null : <Notice role="note">{alertTexts.unverified}</Notice>}
        <Section>
          <Switch checked={changeAlerts} onChange={setChangeAlerts} label={alertTexts.changeLabel} description={alertTexts.changeDescription} id="alerts-change" />
          <PercentField>
            <TextField
              label={alertTexts.percentLabel}
              hint={alertTexts.percentHint}
              error={error}
              inputMode="numeric"
              type="number"
              min={1}
              max={100}
              step={1}
              value={percent}
              disabled={!changeAlerts}
              onChange={(e) => setPercent(e.target.value)}
            />
          </PercentField>
        </Section>
        <Section>
          <Switch checked={reminder} onChange={setReminder} label={alertTexts.reminderLabel} description={alertTexts.reminderDescription} id="alerts-reminder" />
        </Section>
        <Footer>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : alertTexts.save}
          </Button>
          <Small>{alertTexts.unsubscribeNote}</Small>
        </Footer>
      </form>
    </Card>
  );
}

const Section = styled.div`
  margin-top: ${theme.space.md};
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
`;

const PercentField = styled.div`
  margin-top: 12px;
  max-width: 420px;
`;

const Notice = styled.p`
  margin-top: 12px;
  padding: 10px 12px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAccent};
  font-size: ${theme.fontSizes.sm};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-top: ${theme.space.lg};
`;

const Small = styled.span`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;
