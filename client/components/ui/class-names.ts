/** `cx('btn', loading && 'btn--loading')`: joins the truthy class names with spaces. */
export function cx(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ')
}
