import * as z from 'zod';
import { Poisha } from '../money';
import { optText } from './common';

/**
 * What a package gives, so the product page can compare packages honestly (issue 35): the number
 * of units it holds (100 diamonds, 60 UC) with the unit's name in both languages, and a gift
 * card's face value. All optional: a package without units gets no price per unit.
 */
export const packageValue = {
  /** Units in the package (100 for '100 Diamonds'); null: not counted in units. */
  units: z.number().int().nullable(),
  /** The unit's name, singular ('diamond', 'UC') and its Bangla ('ডায়মন্ড'). */
  unit_name: z.string().nullable(),
  unit_name_bn: z.string().nullable(),
  /** A gift card's face value in poisha ('৳500 card for ৳520'); null: none. */
  face_value: Poisha.nullable(),
};

const UNITS_MAX = 10_000_000;
const UNITS_MESSAGE = `Units must be a whole number from 1 to ${UNITS_MAX}`;
const FACE_VALUE_MESSAGE = 'Please enter a valid face value';
export const UNIT_NAME_MESSAGE = 'Please enter the unit name (e.g. diamond)';

/** The same in an admin body: optional (null or absent: none); a count needs its unit name. */
export const packageValueBody = {
  units: z
    .number({ error: UNITS_MESSAGE })
    .int(UNITS_MESSAGE)
    .min(1, UNITS_MESSAGE)
    .max(UNITS_MAX, UNITS_MESSAGE)
    .nullish(),
  unit_name: optText(20).optional(),
  unit_name_bn: optText(20).optional(),
  /** Poisha. */
  face_value: z
    .number({ error: FACE_VALUE_MESSAGE })
    .int(FACE_VALUE_MESSAGE)
    .positive(FACE_VALUE_MESSAGE)
    .max(10_000_000, FACE_VALUE_MESSAGE)
    .nullish(),
};
