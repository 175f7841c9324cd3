import { clsx, type ClassValue } from 'clsx';

/** Join class names; later Tailwind classes are appended (no merge library: keep variants disjoint). */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
