import { expect } from '@playwright/test'
import type { Phone } from './phone.ts'

/** Presses an item of the top bar; on a phone it sits behind the menu toggle, opened first when needed. */
export async function pressInTopBar(phone: Phone, role: 'link' | 'button', name: string): Promise<void> {
  const banner = phone.getByRole('banner')
  const item = banner.getByRole(role, { name, exact: true })
  const toggle = banner.getByRole('button', { name: 'Menu' })
  await expect.poll(async () => (await item.isVisible()) || (await toggle.isVisible()), { message: `the top bar offers ${name}` }).toBe(true)
  if (!(await item.isVisible())) await toggle.click()
  await item.click()
}
