import { Info } from 'lucide-react';

export function ProductInfo({ description }: { description: string | null }) {
  return (
    <section
      aria-labelledby="product-info"
      className="rounded-lg border bg-blue-50 p-4 text-sm text-blue-950"
    >
      <h2 id="product-info" className="flex items-center gap-2 font-semibold">
        <Info className="h-4 w-4" aria-hidden="true" /> Product Information
      </h2>
      {description && <p className="mt-2 whitespace-pre-line">{description}</p>}
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>Delivered in under 1 minute after payment.</li>
        <li>Double-check your Player UID: top-ups cannot be reversed.</li>
        <li>Your code also appears under My Codes.</li>
      </ul>
    </section>
  );
}
