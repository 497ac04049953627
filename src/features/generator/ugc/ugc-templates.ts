import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

// spec §3 Template: id, title, description, prompt, icon, category, with the
// six ids and their categories the spec names. The words are ours: each prompt
// describes one vertical, selfie-style UGC clip an advertiser would order.

export const TEMPLATE_CATEGORIES = ['lifestyle', 'business', 'professional'] as const
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]
/** spec §2: the picker's filter, 'all' plus the three categories. */
export type TemplateFilter = 'all' | TemplateCategory

export type TemplateId = 'beach' | 'podcast' | 'office' | 'stage' | 'healthcare' | 'selfie'

export interface PromptTemplate {
  id: TemplateId
  category: TemplateCategory
  title: MessageDescriptor
  description: MessageDescriptor
  prompt: MessageDescriptor
}

export const PROMPT_TEMPLATES: readonly PromptTemplate[] = [
  {
    id: 'beach',
    category: 'lifestyle',
    title: msg`Beach lifestyle`,
    description: msg`Relaxed creator on a sunny beach, golden-hour light`,
    prompt: msg`A cheerful woman in her mid-twenties with sun-kissed skin and loose wavy hair stands on a sandy beach at golden hour, holding the phone at arm's length. Turquoise waves roll in behind her, a light breeze moves her linen shirt, and she talks excitedly to the camera about her favourite summer essentials. Vertical selfie framing, warm natural light, authentic UGC style.`,
  },
  {
    id: 'podcast',
    category: 'professional',
    title: msg`Podcast host`,
    description: msg`Confident host at a studio microphone`,
    prompt: msg`A confident man in his thirties with a trimmed beard and a dark crew-neck sweater sits in a cosy podcast studio, leaning towards a black broadcast microphone on a boom arm. Acoustic foam panels and warm amber lamps glow behind him as he explains one clear idea to the camera with calm hand gestures. Vertical medium close-up, soft key light, shallow depth of field.`,
  },
  {
    id: 'office',
    category: 'business',
    title: msg`Office pitch`,
    description: msg`Friendly professional at a modern desk`,
    prompt: msg`A friendly businesswoman in her forties with short grey hair and a navy blazer sits at a tidy desk in a bright, modern open-plan office. Plants and large windows fill the softly blurred background while she looks into the camera and presents a product with a warm, reassuring smile. Vertical framing at eye level, clean daylight, natural and trustworthy tone.`,
  },
  {
    id: 'stage',
    category: 'business',
    title: msg`Keynote stage`,
    description: msg`Speaker on a conference stage under spotlights`,
    prompt: msg`An energetic speaker in his late twenties wearing a fitted white shirt and a wireless headset microphone walks across a conference stage under bright spotlights. A large screen glows behind him and a silhouetted audience sits in the foreground as he turns to the camera and delivers an inspiring line with open arms. Vertical shot, dramatic stage lighting, crisp and dynamic.`,
  },
  {
    id: 'healthcare',
    category: 'professional',
    title: msg`Healthcare expert`,
    description: msg`Calm doctor giving trustworthy advice`,
    prompt: msg`A calm female doctor in her fifties with glasses, a white coat and a stethoscope around her neck stands in a clean, well-lit clinic hallway. She speaks directly to the camera in a warm and reassuring way, sharing a simple everyday health tip with gentle nods. Vertical medium shot, soft even lighting, professional and trustworthy atmosphere.`,
  },
  {
    id: 'selfie',
    category: 'lifestyle',
    title: msg`Selfie review`,
    description: msg`Casual handheld review from home`,
    prompt: msg`A young man in his early twenties with curly hair and a casual hoodie films himself on his phone in a sunny living room, holding a small product up to the lens. He reacts with genuine surprise, then smiles and gives an honest, upbeat review while the camera moves slightly with his hand. Vertical handheld selfie, natural window light, authentic UGC style.`,
  },
]

export function templatesIn(filter: TemplateFilter): readonly PromptTemplate[] {
  return filter === 'all' ? PROMPT_TEMPLATES : PROMPT_TEMPLATES.filter((template) => template.category === filter)
}

/** A template's sample clip and its first frame (public/templates/, scripts/render-template-samples.ts). */
export function templateSample(id: TemplateId): { video: string; poster: string } {
  return { video: `/templates/${id}.mp4`, poster: `/templates/${id}.webp` }
}
