import { CheckCircle2, Loader2 } from 'lucide-react';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardHeader } from '../../../shared/ui/card';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import type { PlayerLookup } from '../hooks/use-player-lookup';
import { StepTitle } from './step-title';

/** Step 2: the Player UID with its Verify button and the verified player, and a WhatsApp number. */
export function PlayerStep({
  lookup,
  whatsapp,
  onWhatsappChange,
}: {
  lookup: PlayerLookup;
  whatsapp: string;
  onWhatsappChange: (value: string) => void;
}) {
  const { uid, changeUid, uidError, player, verify, verifying } = lookup;
  return (
    <Card>
      <CardHeader>
        <StepTitle n={2}>Enter Account Info</StepTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="player-uid">Player UID *</Label>
          <div className="flex gap-2">
            <Input
              id="player-uid"
              inputMode="numeric"
              autoComplete="off"
              placeholder="Enter your Player UID"
              value={uid}
              maxLength={12}
              onChange={(e) => changeUid(e.target.value)}
              aria-invalid={Boolean(uidError)}
              aria-describedby={uidError ? 'player-uid-error' : 'player-uid-hint'}
            />
            <Button
              type="button"
              variant="secondary"
              onClick={verify}
              disabled={verifying}
              className="shrink-0"
            >
              {verifying ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {verifying ? 'Checking…' : 'Verify'}
            </Button>
          </div>
          {uidError ? (
            <p id="player-uid-error" className="text-sm text-red-700">
              {uidError}
            </p>
          ) : (
            <p id="player-uid-hint" className="text-xs text-muted-foreground">
              8 to 12 digits, from your game profile
            </p>
          )}
          <div aria-live="polite" className="min-h-6">
            {player && (
              <p
                className="flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800"
                data-testid="player-verified"
              >
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                <span>
                  <strong>{player.player_name}</strong> · Level {player.level} · {player.rank}
                </span>
              </p>
            )}
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor="whatsapp">WhatsApp Number (optional)</Label>
          <Input
            id="whatsapp"
            type="tel"
            inputMode="tel"
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
