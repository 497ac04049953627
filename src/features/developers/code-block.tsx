/** A code sample with what it does as its caption; long lines wrap rather than scroll, so a phone shows all of it. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="developers-code">
      <figcaption className="visually-hidden">{label}</figcaption>
      <pre>
        <code>{code}</code>
      </pre>
    </figure>
  )
}
