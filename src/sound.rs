//! Short sounds for a step, a hop landing and a win, synthesised at start-up (no sound files, so
//! nothing to license and nothing to download on the web), and a mute toggle.
//!
//! The desktop plays them through Bevy's audio plugin; the web page through the browser's Web
//! Audio API directly, which leaves Bevy's audio stack (rodio, cpal, a WAV decoder) out of the
//! wasm.

use bevy::prelude::*;

/// Something that makes a sound. Game logic writes these; the sound plugin (when present)
/// plays them.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoundCue {
    /// A marble landed after a step.
    Step,
    /// A marble landed after a hop.
    Hop,
    /// The game ended with a winner.
    Win,
    /// A second of the last ten on this player's move clock.
    ClockTick,
}

/// Sound on or off, and how loud.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SoundSettings {
    pub muted: bool,
    pub volume: f32,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings {
            muted: false,
            volume: 0.7,
        }
    }
}

const SAMPLE_RATE: u32 = 22_050;

/// A note: partials (frequency in Hz, relative amplitude), when it starts and how fast it fades.
struct Note {
    partials: &'static [(f32, f32)],
    start: f32,
    decay_per_second: f32,
}

/// Mono samples in -1..=1 at `SAMPLE_RATE`: the notes mixed together, `seconds` long.
fn synthesize(notes: &[Note], seconds: f32, gain: f32) -> Vec<f32> {
    let frames = (seconds * SAMPLE_RATE as f32) as usize;
    let mut samples = vec![0f32; frames];
    for note in notes {
        let first = (note.start * SAMPLE_RATE as f32) as usize;
        for (i, sample) in samples.iter_mut().enumerate().skip(first) {
            let t = (i - first) as f32 / SAMPLE_RATE as f32;
            // A 2 ms attack avoids a click at the start of each note.
            let envelope = (t / 0.002).min(1.0) * (-note.decay_per_second * t).exp();
            let tone: f32 = note
                .partials
                .iter()
                .map(|&(f, a)| a * (std::f32::consts::TAU * f * t).sin())
                .sum();
            *sample += envelope * tone;
        }
    }
    for sample in &mut samples {
        *sample = (*sample * gain).clamp(-1.0, 1.0);
    }
    samples
}

/// Mono 16-bit PCM WAV of the samples.
fn wav_file(samples: &[f32]) -> Vec<u8> {
    let frames = samples.len();
    let data_len = (frames * 2) as u32;
    let mut wav = Vec::with_capacity(44 + frames * 2);
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + data_len).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    wav.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes per second
    wav.extend_from_slice(&2u16.to_le_bytes()); // block align
    wav.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&data_len.to_le_bytes());
    for &sample in samples {
        wav.extend_from_slice(&((sample * i16::MAX as f32) as i16).to_le_bytes());
    }
    wav
}

/// A cue as a WAV file (what the desktop's audio plugin plays).
pub fn cue_wav(cue: SoundCue) -> Vec<u8> {
    wav_file(&cue_samples(cue))
}

/// The four sounds: a soft wooden tock, a glassy click, a rising arpeggio, a short high tick.
fn cue_samples(cue: SoundCue) -> Vec<f32> {
    match cue {
        SoundCue::Step => synthesize(
            &[Note {
                partials: &[(420.0, 1.0), (1130.0, 0.35)],
                start: 0.0,
                decay_per_second: 45.0,
            }],
            0.12,
            0.5,
        ),
        SoundCue::Hop => synthesize(
            &[Note {
                partials: &[(1650.0, 1.0), (2480.0, 0.6), (3900.0, 0.3)],
                start: 0.0,
                decay_per_second: 38.0,
            }],
            0.15,
            0.4,
        ),
        SoundCue::ClockTick => synthesize(
            &[Note {
                partials: &[(2200.0, 1.0), (4400.0, 0.2)],
                start: 0.0,
                decay_per_second: 60.0,
            }],
            0.08,
            0.3,
        ),
        SoundCue::Win => {
            const C5: &[(f32, f32)] = &[(523.3, 1.0), (1046.5, 0.3)];
            const E5: &[(f32, f32)] = &[(659.3, 1.0), (1318.5, 0.3)];
            const G5: &[(f32, f32)] = &[(784.0, 1.0), (1568.0, 0.3)];
            const C6: &[(f32, f32)] = &[(1046.5, 1.0), (2093.0, 0.3)];
            let notes: Vec<Note> = [C5, E5, G5, C6]
                .iter()
                .enumerate()
                .map(|(i, partials)| Note {
                    partials,
                    start: 0.13 * i as f32,
                    decay_per_second: if i == 3 { 3.0 } else { 7.0 },
                })
                .collect();
            synthesize(&notes, 1.4, 0.3)
        }
    }
}

/// The desktop: the cues as Bevy audio sources, each played by a short-lived `AudioPlayer`.
#[cfg(not(target_arch = "wasm32"))]
mod output {
    use super::{SoundCue, SoundSettings, cue_wav};
    use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;
    use std::sync::Arc;

    #[derive(Resource)]
    pub(super) struct CueSounds {
        step: Handle<AudioSource>,
        hop: Handle<AudioSource>,
        win: Handle<AudioSource>,
        tick: Handle<AudioSource>,
    }

    pub(super) fn create_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
        let mut add = |cue| {
            sources.add(AudioSource {
                bytes: Arc::from(cue_wav(cue)),
            })
        };
        commands.insert_resource(CueSounds {
            step: add(SoundCue::Step),
            hop: add(SoundCue::Hop),
            win: add(SoundCue::Win),
            tick: add(SoundCue::ClockTick),
        });
    }

    pub(super) fn play_cues(
        mut commands: Commands,
        mut cues: MessageReader<SoundCue>,
        settings: Res<SoundSettings>,
        sounds: Res<CueSounds>,
    ) {
        for cue in cues.read() {
            if settings.muted {
                continue;
            }
            let source = match cue {
                SoundCue::Step => &sounds.step,
                SoundCue::Hop => &sounds.hop,
                SoundCue::Win => &sounds.win,
                SoundCue::ClockTick => &sounds.tick,
            };
            commands.spawn((
                AudioPlayer::new(source.clone()),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume)),
            ));
        }
    }
}

/// The web: the cues as Web Audio buffers of one `AudioContext`, each played through a gain
/// node. The context is made at the first cue, which follows a tap or click (a browser starts a
/// context made before any gesture suspended). `window.starhalma_sounds` counts the sounds
/// started and gives the context's state, for the end-to-end test.
#[cfg(target_arch = "wasm32")]
mod output {
    use super::{SAMPLE_RATE, SoundCue, SoundSettings, cue_samples};
    use bevy::prelude::*;
    use std::cell::RefCell;
    use wasm_bindgen::JsValue;
    use web_sys::{AudioBuffer, AudioContext};

    struct WebAudio {
        context: AudioContext,
        /// Step, hop, win.
        buffers: [AudioBuffer; 4],
        started: u32,
    }

    thread_local! {
        // JavaScript objects are not `Send`; the page has one thread.
        static WEB_AUDIO: RefCell<Option<WebAudio>> = const { RefCell::new(None) };
    }

    fn buffer(context: &AudioContext, cue: SoundCue) -> Result<AudioBuffer, JsValue> {
        let samples = cue_samples(cue);
        let buffer = context.create_buffer(1, samples.len() as u32, SAMPLE_RATE as f32)?;
        buffer.copy_to_channel(&samples, 0)?;
        Ok(buffer)
    }

    fn open() -> Result<WebAudio, JsValue> {
        let context = AudioContext::new()?;
        let buffers = [
            buffer(&context, SoundCue::Step)?,
            buffer(&context, SoundCue::Hop)?,
            buffer(&context, SoundCue::Win)?,
            buffer(&context, SoundCue::ClockTick)?,
        ];
        Ok(WebAudio {
            context,
            buffers,
            started: 0,
        })
    }

    fn play(audio: &mut WebAudio, cue: SoundCue, volume: f32) -> Result<(), JsValue> {
        let buffer = match cue {
            SoundCue::Step => &audio.buffers[0],
            SoundCue::Hop => &audio.buffers[1],
            SoundCue::Win => &audio.buffers[2],
            SoundCue::ClockTick => &audio.buffers[3],
        };
        let source = audio.context.create_buffer_source()?;
        source.set_buffer(Some(buffer));
        let gain = audio.context.create_gain()?;
        gain.gain().set_value(volume);
        source.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&audio.context.destination())?;
        // A context the browser suspended (no gesture yet, a background tab) resumes here.
        let _ = audio.context.resume();
        source.start()?;
        audio.started += 1;
        Ok(())
    }

    fn publish(audio: &WebAudio) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let state = format!("{:?}", audio.context.state()).to_lowercase();
        let json = format!("{{\"started\":{},\"state\":\"{state}\"}}", audio.started);
        let _ = js_sys::Reflect::set(
            &window,
            &JsValue::from_str("starhalma_sounds"),
            &JsValue::from_str(&json),
        );
    }

    pub(super) fn play_cues(mut cues: MessageReader<SoundCue>, settings: Res<SoundSettings>) {
        WEB_AUDIO.with_borrow_mut(|web_audio| {
            for &cue in cues.read() {
                if settings.muted {
                    continue;
                }
                if web_audio.is_none() {
                    match open() {
                        Ok(opened) => *web_audio = Some(opened),
                        Err(error) => {
                            // Without sound the game goes on (the next cue tries again).
                            warn!("no sound: {error:?}");
                            continue;
                        }
                    }
                }
                if let Some(audio) = web_audio.as_mut() {
                    if let Err(error) = play(audio, cue, settings.volume) {
                        warn!("a sound did not play: {error:?}");
                    }
                    publish(audio);
                }
            }
        });
    }
}

/// The cues and the sound settings; with `output`, the synthesised sounds that play the cues
/// (that needs Bevy's audio plugin or the page's Web Audio, which headless apps do not have).
pub(crate) struct SoundPlugin {
    pub output: bool,
}

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SoundSettings>()
            .add_message::<SoundCue>();
        if self.output {
            // The web makes its sounds at the first cue.
            #[cfg(not(target_arch = "wasm32"))]
            app.add_systems(Startup, output::create_sounds);
            app.add_systems(
                Update,
                output::play_cues
                    .run_if(on_message::<SoundCue>)
                    .in_set(crate::frame::Frame::Sound),
            );
        }
    }
}
