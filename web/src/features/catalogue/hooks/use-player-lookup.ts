import { useMutation } from '@tanstack/react-query';
import { checkAccount, DEFAULT_ZONE_LABEL, type AccountRule } from '@khelaghor/contract/account-fields';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/client';
import { toast } from '../../../shared/ui/sonner';
import { lookupPlayer, type Player } from '../api';

const UIDS_DIFFER = 'The Player UIDs do not match';

/**
 * The account step's state machine, per the product's kind: nothing to give (gift cards); a
 * Player UID checked with the game's rule, then either Verify (a lookup provider is configured:
 * any change forgets an earlier verification) or typed a second time (no provider: the shop never
 * shows an invented name); and a zone when the product asks for one.
 */
export function usePlayerLookup(productId: string, rule: AccountRule, lookupAvailable: boolean) {
  const [uid, setUid] = useState('');
  const uidRef = useRef('');
  const [confirmUid, setConfirmUid] = useState('');
  const [zone, setZone] = useState('');
  const [uidError, setUidError] = useState<string>();
  const [confirmError, setConfirmError] = useState<string>();
  const [zoneError, setZoneError] = useState<string>();
  const [player, setPlayer] = useState<Player>();
  const needsUid = rule.account_fields !== 'none';
  const needsZone = rule.account_fields === 'player_uid_zone';

  const lookup = useMutation({
    mutationFn: (playerUid: string) => lookupPlayer(playerUid, productId),
    onSuccess: (data, playerUid) => {
      // A late answer for a UID the user already changed must not verify the new one.
      if (playerUid !== uidRef.current.trim()) return;
      setPlayer(data.player);
      toast.success('Player Verified', {
        description: `${data.player.player_name} (Level ${data.player.level})`,
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        toast.error('Player Not Found', {
          description: error.message || 'Could not verify player. Please check the UID.',
        });
      } else {
        toast.error('Error', { description: errorMessage(error) });
      }
    },
  });

  const changeUid = (value: string) => {
    const next = value.replace(/\s/g, '');
    uidRef.current = next;
    setUid(next);
    // The spec's version kept the old verification: a changed UID must be checked again.
    setPlayer(undefined);
    setUidError(undefined);
  };
  const changeConfirmUid = (value: string) => {
    setConfirmUid(value.replace(/\s/g, ''));
    setConfirmError(undefined);
  };
  const changeZone = (value: string) => {
    setZone(value);
    setZoneError(undefined);
  };

  /** The product's rule on what was typed: shows the problem and answers false, or true. */
  const checkFields = (): boolean => {
    const check = checkAccount(rule, { player_uid: uid, player_zone: zone });
    if (check.ok) return true;
    (check.field === 'player_zone' ? setZoneError : setUidError)(check.message);
    toast.error(check.title, check.title === check.message ? undefined : { description: check.message });
    return false;
  };

  const verify = () => {
    if (checkFields()) lookup.mutate(uid.trim());
  };

  /** Before ordering: the fields pass the product's rule, and the UID is verified or typed twice alike. */
  const readyToOrder = (): boolean => {
    if (!needsUid) return true;
    if (!checkFields()) return false;
    if (lookupAvailable && !player) {
      toast.error('Verify Player', { description: 'Please verify the player name before proceeding' });
      return false;
    }
    if (!lookupAvailable && confirmUid.trim() !== uid.trim()) {
      setConfirmError(UIDS_DIFFER);
      toast.error(UIDS_DIFFER, { description: 'Please type the same Player UID twice' });
      return false;
    }
    return true;
  };

  /** Whether Proceed may be pressed (its checks run on submit). */
  const complete = !needsUid || (lookupAvailable ? Boolean(player) : uid.length > 0 && confirmUid.length > 0);

  return {
    rule,
    needsUid,
    needsZone,
    zoneLabel: rule.zone_label || DEFAULT_ZONE_LABEL,
    lookupAvailable,
    uid,
    changeUid,
    uidError,
    confirmUid,
    changeConfirmUid,
    confirmError,
    zone,
    changeZone,
    zoneError,
    player,
    verify,
    verifying: lookup.isPending,
    readyToOrder,
    complete,
  };
}

export type PlayerLookup = ReturnType<typeof usePlayerLookup>;
