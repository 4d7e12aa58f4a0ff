/**
 * Draws a loyalty card number into an SVG as the till's barcode: black on white, drawn at its own
 * size and then given a viewBox, so CSS stretches it to the screen's width and it stays crisp. One
 * drawing for the card dialog and the offline page; jsbarcode loads with this module.
 */
import JsBarcode from 'jsbarcode'
import { barcodeFormat } from './barcode-format.ts'

/** Draws `cardNumber` (spaces ignored) into `element`. */
export function drawBarcode(element: SVGSVGElement, cardNumber: string): void {
  const value = cardNumber.replace(/\s+/g, '')
  JsBarcode(element, value, {
    format: barcodeFormat(value),
    width: 3,
    height: 160,
    margin: 24,
    displayValue: false,
    background: '#ffffff',
    lineColor: '#000000',
  })
  const size = (name: string) => parseFloat(element.getAttribute(name) ?? '0')
  element.setAttribute('viewBox', `0 0 ${size('width')} ${size('height')}`)
  element.removeAttribute('width')
  element.removeAttribute('height')
}
