import type { ReactNode } from 'react';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { localized } from '../../../shared/i18n/content';
import { useFormat } from '../../../shared/i18n/format';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardHeader } from '../../../shared/ui/card';
import { DigitInput } from '../../../shared/ui/digit-input';
import { Label } from '../../../shared/ui/label';
import type { PlayerLookup } from '../hooks/use-player-lookup';
import { useT } from '../product/messages';
import { PlayerIdHelp } from './player-id-help';
import { StepTitle } from './step-title';

/** A field's message under it: the problem when there is one, else the hint. */
function FieldNote({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <p id={`${id}-error`} className="text-sm text-red-700">
        {error}
      </p>
    );
  return hint ? (
    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
      {hint}
    </p>
  ) : null;
}

const describedBy = (id: string, error?: string) => (error ? `${id}-error` : `${id}-hint`);

/**
 * The spec's UID and a game's pattern made only of digits take digits alone (letters are refused
 * as typed); a pattern that could take letters keeps them (its digits still become ASCII).
 */
const uidKindOf = (pattern: string | null) =>
  !pattern || /^(?:\\d|[0-9{},()|?+*^$[\]-])*$/.test(pattern) ? 'digits' : 'code';

/**
 * Step 2, as the product asks: nothing but the optional WhatsApp number (gift cards), or the
 * Player UID (with Verify when a lookup provider is configured, else typed twice) and a zone.
 */
export function PlayerStep({
  lookup,
  uidHelp,
  whatsapp,
  onWhatsappChange,
  saved,
}: {
  lookup: PlayerLookup;
  /** The game's 'how to find your Player ID' steps (none: no help shown). */
  uidHelp: string[];
  whatsapp: string;
  onWhatsappChange: (value: string) => void;
  /** The buyer's saved players of this game, offered before the UID field (none: nothing shown). */
  saved?: ReactNode;
}) {
  const t = useT();
  const { locale, number } = useFormat();
  const { uid, changeUid, uidError, player, verify, verifying, rule } = lookup;
  const uidKind = uidKindOf(rule.uid_pattern);
  const hint = rule.uid_message
    ? localized(locale, rule.uid_message, rule.uid_message_bn)
    : rule.uid_pattern
      ? t('uidHintPattern')
      : t('uidHintDefault');
  return (
    <Card>
      <CardHeader>
        <StepTitle n={2}>{t('enterAccountInfo')}</StepTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {!lookup.needsUid && (
          <p className="text-sm text-muted-foreground" data-testid="no-account-needed">
            {t('noUidNeeded')}
          </p>
        )}
        {lookup.needsUid && saved}
        {lookup.needsUid && (
          <div className="space-y-2">
            <Label htmlFor="player-uid">{t('playerUidLabel')}</Label>
            <div className="flex gap-2">
              <DigitInput
                id="player-uid"
                digits={uidKind}
                autoComplete="off"
                placeholder={t('playerUidPlaceholder')}
                value={uid}
                maxLength={32}
                onChange={(e) => changeUid(e.target.value)}
                aria-invalid={Boolean(uidError)}
                aria-describedby={describedBy('player-uid', uidError)}
              />
              {lookup.lookupAvailable && (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={verify}
                  disabled={verifying}
                  className="shrink-0"
                >
                  {verifying ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                  {verifying ? t('checking') : t('verify')}
                </Button>
              )}
            </div>
            <FieldNote id="player-uid" error={uidError} hint={hint} />
            <PlayerIdHelp steps={uidHelp} />
            {lookup.lookupAvailable && (
              <div aria-live="polite" className="min-h-6">
                {player && (
                  <p
                    className="flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800"
                    data-testid="player-verified"
                  >
                    <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                    <span>
                      <strong>{player.player_name}</strong>
                      {player.level !== null && <> · {t('level', { level: number(player.level) })}</>}
                      {player.rank && <> · {player.rank}</>}
                    </span>
                  </p>
                )}
              </div>
            )}
          </div>
        )}
        {lookup.needsUid && !lookup.lookupAvailable && (
          <div className="space-y-2">
            <Label htmlFor="player-uid-confirm">{t('confirmUidLabel')}</Label>
            <DigitInput
              id="player-uid-confirm"
              digits={uidKind}
              autoComplete="off"
              placeholder={t('confirmUidPlaceholder')}
              value={lookup.confirmUid}
              maxLength={32}
              onChange={(e) => lookup.changeConfirmUid(e.target.value)}
              onPaste={(e) => e.preventDefault()}
              aria-invalid={Boolean(lookup.confirmError)}
              aria-describedby={describedBy('player-uid-confirm', lookup.confirmError)}
            />
            <FieldNote id="player-uid-confirm" error={lookup.confirmError} hint={t('confirmUidHint')} />
          </div>
        )}
        {lookup.needsZone && (
          <div className="space-y-2">
            <Label htmlFor="player-zone">{lookup.zoneLabel} *</Label>
            <DigitInput
              id="player-zone"
              digits="code"
              autoComplete="off"
              placeholder={t('zonePlaceholder', { label: lookup.zoneLabel })}
              value={lookup.zone}
              maxLength={32}
              onChange={(e) => lookup.changeZone(e.target.value)}
              aria-invalid={Boolean(lookup.zoneError)}
              aria-describedby={lookup.zoneError ? 'player-zone-error' : undefined}
            />
            <FieldNote id="player-zone" error={lookup.zoneError} />
          </div>
        )}
        <div className="space-y-2">
          <Label htmlFor="whatsapp">{t('whatsappLabel')}</Label>
          <DigitInput
            id="whatsapp"
            type="tel"
            digits="phone"
            autoComplete="tel"
            placeholder="01XXXXXXXXX"
            value={whatsapp}
            onChange={(e) => onWhatsappChange(e.target.value)}
          />
        </div>
      </CardContent>
    </Card>
  );
}
