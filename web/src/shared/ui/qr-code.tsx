import { useEffect, useState } from 'react';

/**
 * A QR code of `text` as an SVG drawn by React (no data: URL or inline markup, so the shop's
 * content security policy is untouched). The encoder (qrcode-generator, ~20 KB) is a chunk of its
 * own, fetched only when a QR code is first shown (an admin's authenticator enrolment, Add Money's
 * Send Money step), so no page's first JavaScript carries it.
 */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const [cells, setCells] = useState<{ count: number; path: string } | undefined>();

  useEffect(() => {
    let live = true;
    void import('qrcode-generator').then(({ default: qrcode }) => {
      const qr = qrcode(0, 'M');
      qr.addData(text);
      qr.make();
      const count = qr.getModuleCount();
      let path = '';
      for (let row = 0; row < count; row++) {
        for (let col = 0; col < count; col++) if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
      }
      if (live) setCells({ count, path });
    });
    return () => {
      live = false;
    };
  }, [text]);

  if (!cells)
    return <div style={{ width: size, height: size }} className="animate-pulse rounded-md bg-muted" />;
  const margin = 4;
  const box = cells.count + margin * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-margin} ${-margin} ${box} ${box}`}
      shapeRendering="crispEdges"
      className="rounded-md bg-white"
    >
      <rect x={-margin} y={-margin} width={box} height={box} fill="#fff" />
      <path d={cells.path} fill="#000" />
    </svg>
  );
}
