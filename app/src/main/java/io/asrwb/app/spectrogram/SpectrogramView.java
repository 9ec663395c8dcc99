package io.asrwb.app.spectrogram;

import io.asrwb.app.AudioFileFilter;
import java.io.File;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The spectrogram viewer: the image (pixels come ready from the view model; this only wraps them),
 * time axis in seconds, frequency axis in Hz/kHz, a dB colour legend, linear/log-mel switch,
 * horizontal zoom (buttons, Ctrl+wheel) and scroll (bar, wheel). Embeddable anywhere: hide the
 * Open button with {@link #setOpenVisible} and call {@link SpectrogramViewModel#open}.
 */
public final class SpectrogramView extends BorderPane {

    private static final double FREQ_AXIS_WIDTH = 64;
    private static final double TIME_AXIS_HEIGHT = 22;

    private final SpectrogramViewModel vm;
    private final ImageView plot = new ImageView();
    private final Pane plotPane = new Pane(plot);
    private final Pane timeAxis = new Pane();
    private final Pane freqAxis = new Pane();
    private final Label maxDb = new Label();
    private final Label midDb = new Label();
    private final Label minDb = new Label();
    private final ScrollBar scroll = new ScrollBar();
    private final Button open = new Button("Open…");
    private final GridPane grid = new GridPane();

    public SpectrogramView(SpectrogramViewModel vm) {
        this.vm = vm;
        getStyleClass().add("spectrogram-view");
        setTop(toolbar());
        setCenter(plotArea());
        vm.imageProperty().addListener((o, a, img) -> show(img));
        show(vm.imageProperty().get());
    }

    /**
     * Lays {@code node} under the plot, across its width (the word tiers of the clip shown); it
     * can follow the plot's time span through {@link SpectrogramViewModel#imageProperty()}.
     */
    public void setUnderPlot(javafx.scene.Node node) {
        grid.add(node, 1, 3);
    }

    /** Shows or hides the Open… button (hidden when embedded under a list of utterances). */
    public void setOpenVisible(boolean visible) {
        open.setVisible(visible);
        open.setManaged(visible);
    }

    private HBox toolbar() {
        open.setId("spectrogram-open");
        open.setOnAction(e -> chooseFile());
        ToggleGroup scales = new ToggleGroup();
        ToggleButton linear = new ToggleButton("Linear");
        ToggleButton mel = new ToggleButton("Log-mel");
        linear.setId("spectrogram-linear");
        mel.setId("spectrogram-logmel");
        linear.setToggleGroup(scales);
        mel.setToggleGroup(scales);
        scales.selectToggle(vm.scaleProperty().get() == SpectrogramScale.LINEAR ? linear : mel);
        scales.selectedToggleProperty()
                .addListener(
                        (o, a, b) -> {
                            if (b == null) {
                                scales.selectToggle(a); // one is always chosen
                            } else {
                                vm.scaleProperty()
                                        .set(
                                                b == mel
                                                        ? SpectrogramScale.LOG_MEL
                                                        : SpectrogramScale.LINEAR);
                            }
                        });
        vm.scaleProperty()
                .addListener(
                        (o, a, b) -> // a scale set elsewhere (the Datasets tab, tests)
                        scales.selectToggle(b == SpectrogramScale.LINEAR ? linear : mel));
        Label framing = new Label();
        framing.setId("spectrogram-framing");
        framing.getStyleClass().add("status-text");
        framing.textProperty().bind(vm.framingProperty());
        Button zoomOut = new Button("−");
        Button zoomIn = new Button("+");
        zoomOut.setOnAction(e -> vm.zoomBy(0.5));
        zoomIn.setOnAction(e -> vm.zoomBy(2));
        Label zoom = new Label();
        zoom.textProperty().bind(vm.zoomProperty().asString(Locale.ROOT, "%.0f×"));
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(18, 18);
        busy.visibleProperty().bind(vm.busyProperty());
        Label status = new Label();
        status.setId("spectrogram-status");
        status.getStyleClass().add("status-text");
        status.textProperty().bind(vm.statusProperty());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bar =
                new HBox(
                        8,
                        open,
                        linear,
                        mel,
                        framing,
                        grow,
                        status,
                        busy,
                        new Label("Zoom"),
                        zoomOut,
                        zoom,
                        zoomIn);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 8, 6, 8));
        return bar;
    }

    private GridPane plotArea() {
        plot.setId("spectrogram-image");
        plot.setPreserveRatio(false);
        plot.setSmooth(false);
        plot.fitWidthProperty().bind(plotPane.widthProperty());
        plot.fitHeightProperty().bind(plotPane.heightProperty());
        plotPane.getStyleClass().add("spectrogram-plot");
        plotPane.setMinSize(50, 50);
        plotPane.widthProperty()
                .addListener(
                        (o, a, w) -> {
                            vm.viewWidthProperty().set((int) Math.round(w.doubleValue()));
                            redrawAxes();
                        });
        plotPane.heightProperty().addListener((o, a, h) -> redrawAxes());
        plotPane.addEventFilter(ScrollEvent.SCROLL, this::onWheel);

        timeAxis.getStyleClass().add("spectrogram-axis");
        freqAxis.getStyleClass().add("spectrogram-axis");
        timeAxis.setPrefHeight(TIME_AXIS_HEIGHT);
        freqAxis.setPrefWidth(FREQ_AXIS_WIDTH);
        timeAxis.setMinHeight(TIME_AXIS_HEIGHT);
        freqAxis.setMinWidth(FREQ_AXIS_WIDTH);

        scroll.setOrientation(Orientation.HORIZONTAL);
        scroll.setMin(0);
        scroll.setMax(1);
        scroll.valueProperty().bindBidirectional(vm.scrollProperty());
        vm.zoomProperty().addListener((o, a, z) -> updateScrollBar(z.doubleValue()));
        updateScrollBar(vm.zoomProperty().get());

        grid.setPadding(new Insets(4, 8, 8, 8));
        grid.add(freqAxis, 0, 0);
        grid.add(plotPane, 1, 0);
        grid.add(legend(), 2, 0);
        grid.add(timeAxis, 1, 1);
        grid.add(scroll, 1, 2);
        ColumnConstraints axisCol = new ColumnConstraints(FREQ_AXIS_WIDTH);
        ColumnConstraints plotCol = new ColumnConstraints();
        plotCol.setHgrow(Priority.ALWAYS);
        plotCol.setMinWidth(50);
        ColumnConstraints legendCol = new ColumnConstraints();
        RowConstraints plotRow = new RowConstraints();
        plotRow.setVgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(axisCol, plotCol, legendCol);
        grid.getRowConstraints().addAll(plotRow, new RowConstraints(), new RowConstraints());
        return grid;
    }

    private VBox legend() {
        int[] strip = ColourMap.legend(12);
        WritableImage img = new WritableImage(12, 256);
        img.getPixelWriter()
                .setPixels(0, 0, 12, 256, PixelFormat.getIntArgbInstance(), strip, 0, 12);
        ImageView bar = new ImageView(img);
        bar.setPreserveRatio(false);
        bar.setFitWidth(12);
        bar.setFitHeight(120);
        maxDb.setId("spectrogram-max-db");
        minDb.setId("spectrogram-min-db");
        Region gap1 = new Region();
        Region gap2 = new Region();
        VBox.setVgrow(gap1, Priority.ALWAYS);
        VBox.setVgrow(gap2, Priority.ALWAYS);
        VBox labels = new VBox(maxDb, gap1, midDb, gap2, minDb);
        labels.setPrefHeight(120);
        labels.setMaxHeight(120);
        HBox row = new HBox(4, bar, labels);
        VBox box = new VBox(4, new Label("dB"), row);
        box.getStyleClass().add("spectrogram-axis");
        box.setPadding(new Insets(0, 0, 0, 8));
        return box;
    }

    private void show(SpectrogramImage img) {
        if (img.isEmpty()) {
            plot.setImage(null);
            maxDb.setText("");
            midDb.setText("");
            minDb.setText("");
        } else {
            plot.setImage(FxImages.of(img));
            maxDb.setText(String.format(Locale.ROOT, "%.0f", img.maxDb()));
            midDb.setText(String.format(Locale.ROOT, "%.0f", (img.maxDb() + img.minDb()) / 2));
            minDb.setText(String.format(Locale.ROOT, "%.0f", img.minDb()));
        }
        redrawAxes();
    }

    private void redrawAxes() {
        SpectrogramImage img = vm.imageProperty().get();
        SpectrogramAxes.drawTime(timeAxis, img, plotPane.getWidth());
        SpectrogramAxes.drawFrequency(freqAxis, img, plotPane.getHeight(), FREQ_AXIS_WIDTH);
    }

    private void updateScrollBar(double zoom) {
        scroll.setVisibleAmount(1 / zoom);
        scroll.setUnitIncrement(0.1 / zoom);
        scroll.setBlockIncrement(0.5 / zoom);
        scroll.setDisable(zoom <= 1);
    }

    private void onWheel(ScrollEvent e) {
        if (e.isShortcutDown()) {
            vm.zoomBy(e.getDeltaY() > 0 ? 1.25 : 0.8);
        } else {
            double delta = e.getDeltaX() != 0 ? -e.getDeltaX() : -e.getDeltaY();
            double visible = 1 / vm.zoomProperty().get();
            vm.scrollProperty()
                    .set(
                            vm.scrollProperty().get()
                                    + Math.signum(delta)
                                            * 0.1
                                            * visible
                                            / Math.max(1e-9, 1 - visible));
        }
        e.consume();
    }

    private void chooseFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open audio");
        chooser.getExtensionFilters().add(AudioFileFilter.create());
        File file = chooser.showOpenDialog(getScene().getWindow());
        if (file != null) {
            vm.open(file.toPath());
        }
    }
}
