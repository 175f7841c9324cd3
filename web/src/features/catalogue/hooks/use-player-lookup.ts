import { useMutation } from '@tanstack/react-query';
import { checkPlayerUid } from '@khelaghor/contract/facts';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/client';
import { toast } from '../../../shared/ui/sonner';
import { lookupPlayer, type Player } from '../api';

/**
 * The Player UID step's state machine: typing (any change forgets an earlier verification),
 * Verify (the contract's UID rule first, then the lookup), player found or not found, errors.
 */
export function usePlayerLookup(productId: string) {
  const [uid, setUid] = useState('');
  const uidRef = useRef('');
  const [uidError, setUidError] = useState<string>();
  const [player, setPlayer] = useState<Player>();

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

  const verify = () => {
    const problem = checkPlayerUid(uid);
    if (problem) {
      setUidError(problem.message);
      toast.error(
        problem.title,
        problem.title === problem.message ? undefined : { description: problem.message },
      );
      return;
    }
    lookup.mutate(uid.trim());
  };

  /** Before ordering: the UID must pass the rule (shows the problem) and belong to a verified player. */
  const readyToOrder = (): boolean => {
    const problem = checkPlayerUid(uid);
    if (problem) {
      setUidError(problem.message);
      toast.error(problem.title, { description: problem.message });
      return false;
    }
    if (!player) {
      toast.error('Verify Player', { description: 'Please verify the player name before proceeding' });
      return false;
    }
    return true;
  };

  return { uid, changeUid, uidError, player, verify, verifying: lookup.isPending, readyToOrder };
}

export type PlayerLookup = ReturnType<typeof usePlayerLookup>;
