import { useMutation } from '@tanstack/react-query';
import { checkAccount, type AccountProblem, type AccountRule } from '@khelaghor/contract/account-fields';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/client';
import { localized } from '../../../shared/i18n/content';
import { formatNumberIn } from '../../../shared/i18n/format';
import { currentLocale } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/ui/sonner';
import { lookupPlayer, type Player } from '../api';
import { t, useT } from '../product/messages';

/** The product's rule, with the admin's Bangla version of its UID message. */
type Rule = AccountRule & { uid_message_bn?: string | null };

/**
 * What is wrong with the account fields, in the page's language: checkAccount (shared with the
 * server) speaks English; the problem's kind is known from what was typed and which field failed.
 */
function localProblem(
  problem: AccountProblem,
  rule: Rule,
  typed: { uid: string; zone: string },
  zoneLabel: string,
): { title: string; message: string } {
  const locale = currentLocale();
  if (problem.field === 'player_zone') {
    if (!typed.zone.trim()) {
      const text = t('zoneRequired', { label: zoneLabel });
      return { title: text, message: text };
    }
    return {
      title: t('zoneInvalidTitle', { label: zoneLabel }),
      message: t('zoneInvalid', { label: zoneLabel }),
    };
  }
  if (!typed.uid.trim()) return { title: t('uidRequired'), message: t('uidRequired') };
  return {
    title: t('uidInvalidTitle'),
    message: rule.uid_message ? localized(locale, rule.uid_message, rule.uid_message_bn) : t('uidInvalid'),
  };
}

/** Why the lookup refused the UID, in the page's language (the API's message by its reason). */
function lookupRefusal(error: ApiError, rule: Rule): string {
  const locale = currentLocale();
  // The product's own UID rule is the admin's text: its Bangla is on the product.
  if (rule.uid_message && error.message === rule.uid_message)
    return localized(locale, rule.uid_message, rule.uid_message_bn);
  const said = errorMessage(error);
  // A text the API's catalogue has no Bangla for reads as the shop's own words.
  if (!said || (locale !== 'en' && said === error.message)) return t('couldNotVerify');
  return said;
}

/**
 * The account step's state machine, per the product's kind: nothing to give (gift cards); a
 * Player UID checked with the game's rule, then either Verify (a lookup provider is configured:
 * any change forgets an earlier verification) or typed a second time (no provider: the shop never
 * shows an invented name); and a zone when the product asks for one.
 */
/** One 'Player Verified' toast at a time, dismissed when the product page goes (it is about this page). */
const PLAYER_VERIFIED_TOAST = 'player-verified';

export function usePlayerLookup(productId: string, rule: Rule, offered: boolean) {
  const tr = useT();
  // A supplier's check may be unavailable for this game or this minute (the API says so): the
  // buyer then confirms the UID by typing it twice, as with no provider.
  const [unavailable, setUnavailable] = useState(false);
  const lookupAvailable = offered && !unavailable;
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
  // The admin's label as written; the default one ('Zone ID') in the page's language.
  const zoneLabel = rule.zone_label || tr('zoneId');

  const lookup = useMutation({
    // A supplier's check of some games needs the server too (MooGold's Mobile Legends).
    mutationFn: (playerUid: string) =>
      lookupPlayer(playerUid, productId, needsZone ? zone.trim() : undefined),
    onSuccess: (data, playerUid) => {
      // A late answer for a UID the user already changed must not verify the new one.
      if (playerUid !== uidRef.current.trim()) return;
      setPlayer(data.player);
      toast.success(t('playerVerified'), {
        id: PLAYER_VERIFIED_TOAST,
        // A supplier's check names the player only; the simulation adds a level.
        description:
          data.player.level === null
            ? data.player.player_name
            : t('playerVerifiedDescription', {
                name: data.player.player_name,
                level: formatNumberIn(currentLocale(), data.player.level),
              }),
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.reason === 'player_lookup_unavailable') {
        setUnavailable(true);
        toast.error(t('error'), { description: errorMessage(error) });
      } else if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        toast.error(t('playerNotFound'), { description: lookupRefusal(error, rule) });
      } else {
        toast.error(t('error'), { description: errorMessage(error) });
      }
    },
  });

  // Proceed to Payment (or any other page) leaves the product page: its toast must not follow.
  useEffect(() => () => toast.dismiss(PLAYER_VERIFIED_TOAST), []);

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

  /**
   * A saved player chosen (or 'Buy again'): its UID and zone filled in as if typed, and verified at
   * once where a lookup provider is configured. The confirmation is filled too: a saved UID was
   * ordered for before, so there is nothing to mistype.
   */
  const choose = (player: { uid: string; zone?: string | null }) => {
    changeUid(player.uid);
    changeConfirmUid(player.uid);
    changeZone(player.zone ?? '');
    const check = checkAccount(rule, { player_uid: player.uid, player_zone: player.zone ?? '' });
    if (lookupAvailable && check.ok) lookup.mutate(uidRef.current.trim());
  };

  /** The product's rule on what was typed: shows the problem and answers false, or true. */
  const checkFields = (): boolean => {
    const check = checkAccount(rule, { player_uid: uid, player_zone: zone });
    if (check.ok) return true;
    const { title, message } = localProblem(check, rule, { uid, zone }, zoneLabel);
    (check.field === 'player_zone' ? setZoneError : setUidError)(message);
    toast.error(title, title === message ? undefined : { description: message });
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
      toast.error(t('verifyPlayer'), { description: t('verifyBeforeProceeding') });
      return false;
    }
    if (!lookupAvailable && confirmUid.trim() !== uid.trim()) {
      setConfirmError(t('uidsDiffer'));
      toast.error(t('uidsDiffer'), { description: t('typeSameTwice') });
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
    zoneLabel,
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
    choose,
    verifying: lookup.isPending,
    readyToOrder,
    complete,
  };
}

export type PlayerLookup = ReturnType<typeof usePlayerLookup>;
