// A stand-in for Google's gapi loader (https://apis.google.com/js/api.js), served
// by tests/e2e/support/google-sign-in.ts where that host cannot be reached
// (decision 0114). It implements only the gapi.iframes surface that the Firebase
// Auth SDK (the app page) and the Auth Emulator's helper iframe use to pass the
// popup's sign-in result across windows:
//   gapi.load('gapi.iframes', { callback }), gapi.iframes.getContext(),
//   context.open({ where, url, attributes }, callback), context.getParentIframe(),
//   iframe.register(type, handler), iframe.send(type, data, callback),
//   iframe.ping(callback), iframe.restyle(style), gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER.
// The transport is window.postMessage. Everything else in the flow is real: the
// SDK, the emulator's popup and iframe pages, the account it creates, the app.
{
  const TAG = 'actorly-gapi-iframes'
  let nextCallId = 1
  const replies = new Map()
  const channels = []

  /** One end of a conversation with another window (the helper iframe, or the parent page). */
  class Channel {
    constructor(target) {
      this.target = target
      this.handlers = new Map()
      /** Calls that arrived before their handler was registered, answered once it is. */
      this.waiting = new Map()
    }

    register(type, handler) {
      this.handlers.set(type, handler)
      const queued = this.waiting.get(type) ?? []
      this.waiting.delete(type)
      for (const call of queued) answer(this, call)
    }

    send(type, data, callback) {
      const id = nextCallId++
      replies.set(id, callback)
      this.target.postMessage({ tag: TAG, kind: 'call', id, type, data }, '*')
    }

    ping(callback) {
      return new Promise((resolve) => {
        this.send('__ping', {}, (results) => {
          callback?.(results)
          resolve(results)
        })
      })
    }

    restyle() {
      return Promise.resolve([])
    }
  }

  /** The one channel to a window: a call can arrive from the iframe before its load event. */
  function channelTo(target) {
    const known = channels.find((channel) => channel.target === target)
    if (known) return known
    const channel = new Channel(target)
    channels.push(channel)
    return channel
  }

  function answer(channel, call) {
    const result = call.type === '__ping' ? { status: 'ACK' } : channel.handlers.get(call.type)(call.data)
    void Promise.resolve(result).then((value) => {
      channel.target.postMessage({ tag: TAG, kind: 'reply', id: call.id, results: value === undefined ? [] : [value] }, '*')
    })
  }

  window.addEventListener('message', (event) => {
    const message = event.data
    if (!message || message.tag !== TAG) return
    if (message.kind === 'reply') {
      const callback = replies.get(message.id)
      replies.delete(message.id)
      // As gapi does, a callback that throws does not break the channel (the SDK's storage check throws after answering).
      try {
        callback?.(message.results)
      } catch {
        // ignored, see above
      }
      return
    }
    const channel = channelTo(event.source)
    if (message.type === '__ping' || channel.handlers.has(message.type)) answer(channel, message)
    else channel.waiting.set(message.type, [...(channel.waiting.get(message.type) ?? []), message])
  })

  const context = {
    open(options, callback) {
      const frame = document.createElement('iframe')
      for (const [name, value] of Object.entries(options.attributes ?? {})) {
        if (name === 'style') Object.assign(frame.style, value)
        else frame.setAttribute(name, value)
      }
      frame.src = options.url
      return new Promise((resolve) => {
        frame.addEventListener('load', () => {
          const channel = channelTo(frame.contentWindow)
          resolve(callback ? callback(channel) : channel)
        })
        ;(options.where ?? document.body).append(frame)
      })
    },
    getParentIframe() {
      return channelTo(window.parent)
    },
  }

  window.gapi = {
    load(_feature, options) {
      const done = typeof options === 'function' ? options : options?.callback
      setTimeout(() => done?.(), 0)
    },
    iframes: {
      Iframe: Channel,
      CROSS_ORIGIN_IFRAMES_FILTER: () => true,
      getContext: () => context,
    },
  }

  // The loader's own contract: ?onload=name (the SDK) or window.gapi_onload (the emulator's iframe page).
  const script = document.currentScript
  const onload = script ? new URL(script.src).searchParams.get('onload') : null
  setTimeout(() => {
    if (onload && typeof window[onload] === 'function') window[onload]()
    if (typeof window.gapi_onload === 'function') window.gapi_onload()
  }, 0)
}
