let audio: AudioContext | undefined;

/**
 * Made at the tap that opens the scanner: a browser lets a page sound only after a person's gesture, and a scan
 * comes later, from the camera.
 */
export function prepareBeep(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    // No Web Audio: the scan is still shown and vibrates.
  }
}

/** A short beep and a buzz where the phone has them: the clerk hears a scan without looking at the screen. */
export function signalScan(): void {
  navigator.vibrate?.(80);
  if (audio?.state !== 'running') return;
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 1760;
  volume.gain.value = 0.15;
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.09);
}
