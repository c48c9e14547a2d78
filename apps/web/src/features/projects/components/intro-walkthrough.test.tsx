import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { IntroWalkthrough, WALKTHROUGH } from './intro-walkthrough.tsx';

describe('the onboarding walkthrough', () => {
  it('shows three illustrated slides, by the buttons, the dots and the arrow keys', () => {
    renderWithProviders(<IntroWalkthrough video={null} />);
    const show = screen.getByRole('region', { name: 'How Assay works' });
    expect(WALKTHROUGH).toHaveLength(3);
    expect(screen.getByText('1 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Write down what must be true' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A canvas of hypothesis cards' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByRole('heading', { name: 'Gather evidence' })).toBeTruthy();
    fireEvent.keyDown(show, { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'Test the riskiest, then decide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next slide' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(show, { key: 'ArrowRight' });
    expect(screen.getByText('3 of 3')).toBeTruthy();
    fireEvent.keyDown(show, { key: 'ArrowLeft' });
    expect(screen.getByText('2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Slide 1: Write down what must be true' }));
    expect(screen.getByText('1 of 3')).toBeTruthy();
  });

  it('plays the deployment’s video instead when there is one', () => {
    renderWithProviders(<IntroWalkthrough video="https://media.example/tour.mp4" />);
    const video = screen.getByTestId('walkthrough-video');
    expect(video.getAttribute('src')).toBe('https://media.example/tour.mp4');
    expect(screen.queryByRole('region', { name: 'How Assay works' })).toBeNull();
  });
});
