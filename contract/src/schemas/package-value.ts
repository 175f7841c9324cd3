import * as z from '../zod';
import { Poisha } from '../money';
import { optText } from './common';

/**
 * What a package gives, so the product page can compare packages honestly (issue 35): the number
 * of units it holds (100 diamonds, 60 UC) with the unit's name in both languages, and a gift
 * card's face value. All optional: a package without units gets no price per unit.
 */
export const packageValue = {
  /** Units in the package (100 for '100 Diamonds'); null: not counted in units. */
  units: z.nullable(z.int()),
  /** The unit's name, singular ('diamond', 'UC') and its Bangla ('ডায়মন্ড'). */
  unit_name: z.nullable(z.string()),
  unit_name_bn: z.nullable(z.string()),
  /** A gift card's face value in poisha ('৳500 card for ৳520'); null: none. */
  face_value: z.nullable(Poisha),
};

const UNITS_MAX = 10_000_000;
const UNITS_MESSAGE = `Units must be a whole number from 1 to ${UNITS_MAX}`;
const FACE_VALUE_MESSAGE = 'Please enter a valid face value';
export const UNIT_NAME_MESSAGE = 'Please enter the unit name (e.g. diamond)';

/** The same in an admin body: optional (null or absent: none); a count needs its unit name. */
export const packageValueBody = {
  units: z.nullish(
    z
      .number({ error: UNITS_MESSAGE })
      .check(z.int(UNITS_MESSAGE), z.minimum(1, UNITS_MESSAGE), z.maximum(UNITS_MAX, UNITS_MESSAGE)),
  ),
  unit_name: z.optional(optText(20)),
  unit_name_bn: z.optional(optText(20)),
  /** Poisha. */
  face_value: z.nullish(
    z
      .number({ error: FACE_VALUE_MESSAGE })
      .check(
        z.int(FACE_VALUE_MESSAGE),
        z.positive(FACE_VALUE_MESSAGE),
        z.maximum(10_000_000, FACE_VALUE_MESSAGE),
      ),
  ),
};
