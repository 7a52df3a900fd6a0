/** Frees a canvas's backing store at once; iOS counts canvas memory until garbage collection otherwise. */
export function releaseCanvas(canvas: HTMLCanvasElement): void {
  canvas.width = 0;
  canvas.height = 0;
}
