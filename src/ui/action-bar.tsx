import { type ReactNode, useLayoutEffect, useRef } from 'react'
import './action-bar.css'

interface ActionBarProps {
  /** The bar's actions: the primary one last, so it sits under the thumb on the right. */
  children: ReactNode
  /** Lines above the actions: an error, the credits missing, a download failure. */
  notice?: ReactNode
}

/**
 * The composer's action bar: fixed to the bottom of the screen on a phone (sticky at
 * the bottom of the form column on a computer), so the next action (Generate, Add
 * voice, Download) is always under the thumb. Its height is published as
 * --action-bar-space: the page's end, toasts and prompts keep clear of it.
 */
export function ActionBar({ children, notice }: ActionBarProps) {
  const ref = useRef<HTMLDivElement>(null)
  const notices = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const bar = ref.current
    const above = notices.current
    if (bar === null || above === null || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    let published = false
    const publish = () => {
      // A hidden bar (the demo's other step) has no height and takes no room.
      if (bar.offsetHeight === 0) return
      // On a phone the notices float above the bar (out of its box): they take room too.
      const floating = getComputedStyle(above).position === 'absolute' ? above.offsetHeight : 0
      root.style.setProperty('--action-bar-space', `${bar.offsetHeight + floating}px`)
      published = true
    }
    const observer = new ResizeObserver(publish)
    observer.observe(bar)
    observer.observe(above)
    publish()
    return () => {
      observer.disconnect()
      if (published) root.style.removeProperty('--action-bar-space')
    }
  }, [])
  return (
    <div ref={ref} className="action-bar">
      <div ref={notices} className="action-bar__notices">
        {notice}
      </div>
      <div className="action-bar__actions">{children}</div>
    </div>
  )
}
