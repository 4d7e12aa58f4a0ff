/**
 * `<QrCode>`: a text as a QR code, drawn as one SVG path of dark modules on white with the quiet zone
 * the standard asks for (4 modules), so it stays sharp at any size and in print (qr-modules.ts). The
 * module that imports the encoder is loaded only with the pickup pass.
 */
import { QUIET_ZONE, qrModules, qrPath } from './qr-modules.ts'

/** The code as an image named by `label`. */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const modules = qrModules(text)
  const size = modules.length + QUIET_ZONE * 2
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={qrPath(modules)} fill="#000000" />
    </svg>
  )
}
