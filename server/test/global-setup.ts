// Placeholder: the server's test harness (auth emulator, temp databases) goes here.
export default function setup(): void {}
