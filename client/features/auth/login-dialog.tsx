/** Login dialog (interim module; the sign-in work replaces it with the phone and code steps). */
export interface LoginDialogProps {
  reason?: string | undefined
  onDone: (signedIn: boolean) => void
}

/** Login dialog. */
export function LoginDialog({ onDone }: LoginDialogProps) {
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="login-title" className="dialog">
      <h2 id="login-title">Вход</h2>
      <button type="button" onClick={() => onDone(false)}>Закрыть</button>
    </div>
  )
}
