"""Comandos aceitos pelos serviços (e pela API como corpo das requisições).

Cada ato tem os seus dados validados pelo modelo do seu tipo (`modelo_dos_dados`, pelas
marcas do quadro de estados); tipos sem modelo próprio aceitam um texto livre (`texto`) e
referências (`documento`).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from farol import entrada
from farol.domain.cpf_cnpj import validar_cpf
from farol.domain.procedimento.maquina import Maquina
from farol.erros import CATALOGO_DE_INFRACOES, EntradaInvalida, ValorRecusado
from farol.normas.infracoes import catalogo, infracao_desconhecida


class Modelo(BaseModel):
    """Base dos comandos: campo a mais é recusado; nenhum texto, em campo nenhum (nem dentro
    de dados livres), tem o caractere nulo ou metade de um par substituto UTF-16; nenhuma data
    sai de `entrada.ANO_MINIMO` a `entrada.ANO_MAXIMO` (docs/api.md, "Limites de entrada")."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    @field_validator("*", mode="before")
    @classmethod
    def _caracteres_aceitos(cls, valor: Any, info: ValidationInfo) -> Any:
        campo = cls.model_fields.get(info.field_name or "")
        if campo is not None and valor is not None and entrada.aceita_data(campo.annotation):
            entrada.exigir_data_iso(valor)
        try:
            return entrada.conferir_caracteres(valor)
        except entrada.CaractereProibido as e:
            # o caminho dentro do campo vai no contexto: a API o junta ao nome do campo
            raise PydanticCustomError(
                "caractere_proibido", e.problema, {"caminho": e.caminho}
            ) from None

    @field_validator("*", mode="after")
    @classmethod
    def _datas_plausiveis(cls, valor: Any) -> Any:
        return entrada.conferir_datas(valor)


DadosLivresDoJson = Annotated[dict[str, Any], AfterValidator(entrada.conferir_dados_livres)]
"""Objeto JSON livre, guardado como vem: limitado em profundidade, tamanho e caracteres
(`entrada.conferir_dados_livres`)."""
DadosDoAto = Annotated[dict[str, Any], AfterValidator(entrada.conferir_dados_do_ato)]
"""Os dados de um ato, que o modelo do tipo do ato (`modelo_dos_dados`) confere depois."""
Id = Annotated[int, Field(ge=1, le=entrada.ID_MAXIMO)]
"""Id de uma linha do banco (inteiro de 32 bits, a partir de 1)."""
Codigo = Annotated[str, Field(min_length=1, max_length=entrada.CODIGO)]
"""Identificador de um item dos dados normativos (infração, acessória, agravante, medida)."""


class NovoAto(Modelo):
    """Um ato do processo: o tipo (do quadro de estados), a data em que ocorreu e os dados."""

    tipo: str = Field(min_length=1, max_length=60)
    data_ato: dt.date
    dados: DadosDoAto = Field(
        default_factory=dict, description="os dados do tipo do ato (docs/procedimento.md)"
    )
    versao: int | None = Field(
        default=None,
        ge=0,
        le=entrada.ID_MAXIMO,
        description="versão do processo que o usuário viu (trava otimista)",
    )
    corrige_ato_id: Id | None = None


class ItemAuto(Modelo):
    infracao: str = Field(max_length=entrada.CODIGO)
    autor_tipo: str | None = Field(
        default=None,
        max_length=entrada.CODIGO,
        description="tipo de autor material (autores admitidos de cada infração: "
        "`farol infracoes`); omitido, o único que a infração admite, e com vários a recusa "
        "os lista",
    )
    faltas: int = Field(default=1, ge=1, le=entrada.QUANTIDADE_MAXIMA)


class DadosLavratura(Modelo):
    infracoes: list[ItemAuto] = Field(min_length=1, max_length=50)
    descricao: str | None = Field(default=None, max_length=entrada.TEXTO)
    justificativa: str | None = Field(
        default=None,
        min_length=20,
        max_length=4000,
        description="por que o auto traz infração que o Acórdão do Tribunal Marítimo não "
        "apontou (exigida só nesse caso: o auto que segue o acórdão é vinculado a ele)",
    )
    motivo_autoria: str | None = Field(
        default=None,
        min_length=20,
        max_length=4000,
        description="por que o auto imputa infração em papel diferente do da Notificação para "
        "Comparecimento (o notificado como proprietário autuado como Comandante, por exemplo); "
        "exigido só nesse caso",
    )


class AcessoriaDecidida(Modelo):
    """Penalidade ou obrigação acessória imposta com a principal (dados/acessorias.yaml)."""

    tipo: str = Field(min_length=1, max_length=40)
    fundamentacao: str = Field(
        min_length=20,
        max_length=4000,
        description="por que a condição da norma se verifica (ex.: a obra afeta a segurança "
        "da navegação no local)",
    )


class PenalidadeDecidida(Modelo):
    infracao: str = Field(max_length=entrada.CODIGO)
    multa: entrada.Dinheiro | None = Field(default=None, max_digits=14, decimal_places=2)
    suspensao_dias: int | None = Field(default=None, ge=1, le=entrada.DIAS_MAXIMO)
    cancelamento: bool = False
    acessorias: list[AcessoriaDecidida] = Field(default_factory=list, max_length=10)


class DadosDecisaoComPenalidade(Modelo):
    penalidades: list[PenalidadeDecidida] = Field(min_length=1, max_length=50)
    justificativa: str = Field(min_length=20, max_length=entrada.TEXTO_LONGO)
    agravantes: list[Codigo] = Field(default_factory=list, max_length=20)
    prazo_acessorias_dias: int | None = Field(
        default=None,
        ge=1,
        le=3650,
        description="dias, contados de modo contínuo da ciência da decisão, para o infrator "
        "cumprir as acessórias que lhe cabem (a norma não fixa o prazo: a decisão o fixa)",
    )


class DadosCumprimentoAcessoria(Modelo):
    tipos: list[Codigo] = Field(min_length=1, max_length=10)
    texto: str = Field(min_length=10, max_length=4000, description="como se verificou")
    documento: str | None = Field(default=None, max_length=200)


class DadosExecucaoDireta(Modelo):
    tipos: list[Codigo] = Field(min_length=1, max_length=10)
    despesas: entrada.Dinheiro = Field(gt=0, max_digits=14, decimal_places=2)
    fundamentacao: str = Field(min_length=20, max_length=4000)
    documento: str | None = Field(default=None, max_length=200)


class DadosDecisao(Modelo):
    fundamentacao: str = Field(min_length=10, max_length=entrada.TEXTO_LONGO)


class DadosPagamento(Modelo):
    valor: entrada.Dinheiro = Field(gt=0, max_digits=14, decimal_places=2)
    referencia: str = Field(min_length=1, max_length=100)


class DadosBaixaDividaAtiva(Modelo):
    """A quitação ou a extinção da dívida inscrita, comunicada pela Procuradoria da Fazenda
    Nacional, a quem cabe a cobrança (NORMAM-07 item 0314); a pessoa deixa de estar em débito
    (LESTA art. 20: "até a sua quitação"). O documento que a comunica é obrigatório."""

    forma: Literal["quitacao", "extincao"] = Field(
        description="quitacao (a dívida foi paga na PGFN) ou extincao (extinta ou cancelada a "
        "inscrição por outra causa)"
    )
    documento: str = Field(
        min_length=3,
        max_length=entrada.TEXTO_CURTO,
        description="o documento da PGFN que comunica a quitação ou a extinção (ofício, "
        "certidão), pelo seu número e data",
    )
    texto: str | None = Field(default=None, max_length=entrada.TEXTO)


class DadosComunicacaoCancelamento(Modelo):
    """A comunicação à Procuradoria da Fazenda Nacional da decisão que afastou a multa já
    encaminhada para inscrição em dívida ativa, para que cancele a inscrição (a dívida inscrita
    é da PGFN: NORMAM-07 item 0314). O documento que a leva é obrigatório."""

    documento: str = Field(
        min_length=3,
        max_length=entrada.TEXTO_CURTO,
        description="o ofício (ou outro documento) da OM que comunica a decisão à PGFN, pelo seu "
        "número e data",
    )
    texto: str | None = Field(default=None, max_length=entrada.TEXTO)


class DadosDespacho(Modelo):
    """O despacho da autoridade no processo sobrestado (o acompanhamento do inquérito no
    Tribunal Marítimo): a prescrição intercorrente recomeça dele (Lei 9.873/1999 art. 1º § 1º:
    "paralisado [...] pendente de julgamento ou despacho")."""

    texto: str = Field(
        min_length=10,
        max_length=entrada.TEXTO,
        description="o que a autoridade despacha (a consulta ao Tribunal Marítimo sobre o "
        "andamento do inquérito, por exemplo)",
    )
    documento: str | None = Field(default=None, max_length=entrada.TEXTO_CURTO)


class DadosEfeitoSuspensivo(Modelo):
    fundamentacao: str = Field(
        min_length=20,
        max_length=entrada.TEXTO,
        description="o justo receio de prejuízo de difícil ou incerta reparação que justifica "
        "dar efeito suspensivo ao recurso",
    )
    a_pedido: bool = Field(default=False, description="concedido a pedido do recorrente")


class DadosRestituicao(Modelo):
    valor: entrada.Dinheiro = Field(gt=0, max_digits=14, decimal_places=2)
    referencia: str | None = Field(default=None, min_length=1, max_length=100)


class DadosSobrestamento(Modelo):
    inquerito: str = Field(min_length=1, max_length=100)
    poluicao: bool = False


def _infracao_do_catalogo(codigo: str) -> str:
    if codigo not in catalogo().infracoes:
        raise ValorRecusado(infracao_desconhecida(codigo), consulte=CATALOGO_DE_INFRACOES)
    return codigo


class DadosAcordao(Modelo):
    """O Acórdão do Tribunal Marítimo cuja publicação levanta o sobrestamento: "o Acórdão
    poderá proporá medidas preventivas e apontará infrações à LESTA, quando necessário"
    (Norma de 2023, item 3.2). As datas são conferidas pelo serviço (`services.acordao`)."""

    numero: str = Field(
        min_length=1, max_length=100, description="número do Acórdão do Tribunal Marítimo"
    )
    publicado_em: dt.date = Field(
        description="data da publicação do Acórdão: não posterior à do levantamento nem "
        "anterior à do sobrestamento"
    )
    infracoes_apontadas: list[Annotated[str, AfterValidator(_infracao_do_catalogo)]] = Field(
        default_factory=list,
        max_length=50,
        description="códigos das infrações que o Acórdão apontou (`farol infracoes`); vazia "
        "quando não apontou nenhuma",
    )
    medidas_preventivas: str | None = Field(
        default=None, max_length=4000, description="medidas preventivas que o Acórdão propôs"
    )

    @field_validator("infracoes_apontadas")
    @classmethod
    def _sem_repeticao(cls, v: list[str]) -> list[str]:
        return list(dict.fromkeys(v))


class DadosCorrecao(Modelo):
    motivo: str = Field(min_length=10, max_length=entrada.TEXTO)
    dados_corrigidos: DadosLivresDoJson = Field(default_factory=dict)


class DadosLivres(Modelo):
    texto: str | None = Field(default=None, max_length=entrada.TEXTO_LONGO)
    documento: str | None = Field(default=None, max_length=entrada.TEXTO_CURTO)
    meio: str | None = Field(
        default=None,
        max_length=entrada.CODIGO,
        description="meio da ciência: pessoal, AR, edital, eletrônico",
    )


class DadosNaoComparecimento(Modelo):
    """O infrator intimado para tomar ciência do LTA não compareceu (marca
    `registra_nao_comparecimento`; NORMAM-401 item 1.4.2 d; NORMAM-07 item 0404 b): o ato se
    registra com a data do último dia do prazo estipulado na intimação, do qual o prazo da
    defesa (ou da sua complementação) corre; a intimação é dita aqui."""

    intimacao: str = Field(
        min_length=3,
        max_length=entrada.TEXTO_CURTO,
        description="a intimação para comparecer: número, meio (pessoal, AR, edital) e prazo",
    )
    intimado_em: dt.date = Field(description="a data em que o infrator foi intimado")
    comparecer_ate: dt.date = Field(
        description="o último dia do prazo estipulado na intimação (a data do ato)"
    )
    texto: str | None = Field(default=None, max_length=entrada.TEXTO_LONGO)


class PublicacaoDaCiencia(Modelo):
    """Onde e quando se publicou a comunicação do ato (Norma de 2023, item 3.6.6)."""

    veiculo: str = Field(
        min_length=1,
        max_length=40,
        description="veículo da publicação oficial (dados/comunicacao.yaml: pagina_om, "
        "quadro_gap, dou)",
    )
    publicado_em: dt.date = Field(
        description="data da publicação: é a data da ciência (data_ato) e dela corre o prazo"
    )
    referencia: str = Field(
        min_length=1,
        max_length=300,
        description="onde conferir a publicação: endereço da página, edição, seção e página do "
        "DOU, ou o registro da afixação no quadro de avisos",
    )


class DadosCiencia(Modelo):
    """A ciência do interessado (marca `ciencia`): o meio é um dos `meios` da marca no quadro
    do regime. Na publicação oficial (interessado indeterminado, desconhecido ou de endereço
    indefinido) vêm a publicação, a hipótese e a justificativa; a ciência dada ao procurador
    constituído aponta-o por `procurador_id`. As regras estão em `services.comunicacao`."""

    meio: str = Field(
        min_length=1,
        max_length=40,
        description="meio da ciência: um dos meios da marca `ciencia` do quadro do regime",
    )
    texto: str | None = Field(default=None, max_length=entrada.TEXTO_LONGO)
    documento: str | None = Field(default=None, max_length=entrada.TEXTO_CURTO)
    publicacao: PublicacaoDaCiencia | None = Field(
        default=None, description="obrigatória na ciência por publicação oficial"
    )
    hipotese: str | None = Field(
        default=None,
        max_length=40,
        description="na publicação oficial: indeterminado, desconhecido ou endereco_indefinido",
    )
    justificativa: str | None = Field(
        default=None,
        min_length=20,
        max_length=4000,
        description="na publicação oficial: por que o interessado é indeterminado, desconhecido "
        "ou de endereço indefinido (ex.: AR devolvido, endereço cadastral inexistente)",
    )
    procurador_id: Id | None = Field(
        default=None, description="a ciência foi dada a este procurador constituído no processo"
    )


def _cpf(texto: str) -> str:
    try:
        return validar_cpf(texto)
    except EntradaInvalida as e:
        raise ValueError(e.mensagem) from None


class DadosProcurador(Modelo):
    """O procurador do interessado (marca `constitui_procurador`); o instrumento de procuração
    específico vai anexado ao ato (Norma de 2023, item 3.6.6)."""

    nome: str = Field(min_length=3, max_length=200)
    cpf: Annotated[str, AfterValidator(_cpf)] = Field(
        min_length=11, max_length=20, description="CPF do procurador (gravado só com dígitos)"
    )
    oab: str | None = Field(
        default=None, max_length=30, description="inscrição na OAB, se advogado (ex.: SC 12345)"
    )
    endereco: str | None = Field(default=None, max_length=300)
    email: str | None = Field(
        default=None, max_length=200, pattern=r"^[^@\s]+@[^@\s]+$", validate_default=True
    )
    texto: str | None = Field(default=None, max_length=4000)

    @field_validator("email")
    @classmethod
    def _contato(cls, email: str | None, info: ValidationInfo) -> str | None:
        if not email and not info.data.get("endereco"):
            raise ValueError(
                "informe o e-mail ou o endereço do procurador: é para onde vão as comunicações"
            )
        return email


class NovoProcurador(DadosProcurador):
    """POST /processos/{id}/procuradores: o procurador, a data da constituição e a versão."""

    data_ato: dt.date
    versao: int | None = Field(
        default=None,
        ge=0,
        le=entrada.ID_MAXIMO,
        description="versão do processo que o usuário viu (trava otimista)",
    )

    def dados(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True, exclude={"data_ato", "versao"})


class DadosNotificacao(DadosLivres):
    data_fato: dt.date | None = Field(
        default=None,
        description="data do fato, no procedimento que não nasce de uma inspeção (apuração, "
        "inquérito); a prescrição conta dela",
    )
    comparecimento_em: dt.date | None = Field(
        default=None,
        description="data de comparecimento que consta da notificação, quando a norma em vigor "
        "no ato não fixa o prazo (ver dados/transicao.yaml, prazos_fixados_no_ato)",
    )


class DadosConversao(Modelo):
    """A conclusão que abre o procedimento sancionador (marca `abre_processo_sancionador`)."""

    infracoes: list[Codigo] = Field(min_length=1, max_length=40)
    fundamentacao: str = Field(min_length=20, max_length=4000)
    comparecimento_em: dt.date | None = None


class DadosMedidaImposta(Modelo):
    """Medidas administrativas impostas na conclusão (tipos do catálogo de medidas)."""

    medidas: list[Codigo] = Field(min_length=1, max_length=10)
    fundamentacao: str = Field(min_length=20, max_length=4000)


# O modelo dos dados de cada ato vem das marcas do quadro de estados do regime (a primeira
# marca da lista que o ato tiver; um regime que não declara a marca não tem atos com ela); ato
# sem nenhuma delas aceita `DadosLivres`.
# --- regime poluição (NORMAM-401 cap. 1; dados/poluicao.yaml) --------------------------------

Dinheiro = Annotated[entrada.Dinheiro, Field(ge=0, max_digits=14, decimal_places=2)]


class _FatosDoAutoPoluicao(Modelo):
    """Os fatos que o Auto de Infração por poluição descreve (NORMAM-401 item 1.4.1; anexo A)."""

    descricao: str = Field(min_length=10, max_length=4000, description="descrição dos fatos")
    infracao: str | None = Field(
        default=None,
        max_length=40,
        description="código da infração em dados/poluicao.yaml; omitido, a única registrada",
    )
    local: str = Field(min_length=3, max_length=300, description="local do incidente")
    substancia: str = Field(
        min_length=2, max_length=200, description="óleo, derivado ou substância descarregada"
    )
    volume_estimado_litros: Decimal | None = Field(default=None, ge=0, max_digits=14)


class DadosAutoPoluicao(_FatosDoAutoPoluicao):
    """O Auto de Infração por poluição (NORMAM-401 item 1.4.1; anexo A)."""

    data_fato: dt.date | None = None
    fundamentacao: str | None = Field(
        default=None,
        max_length=4000,
        description="a fundamentação da constatação, no auto que a conclusão de outro "
        "procedimento lavra: a do ato que o abriu, ligado pela origem",
    )


class DadosConversaoPoluicao(_FatosDoAutoPoluicao):
    """A conclusão da apuração ou do inquérito que constata infração por poluição e abre o
    procedimento ambiental (marca `abre_processo_ambiental`; NORMAM-401 itens 1.2 b e c e
    1.4.1 a): os dados do Auto de Infração e a fundamentação. A data do fato é a da apuração
    ou do inquérito."""

    fundamentacao: str = Field(min_length=20, max_length=4000)


class DadosLaudo(Modelo):
    """O Laudo Técnico Ambiental (NORMAM-401 itens 1.4.2 c e 1.5.1)."""

    numero: str = Field(min_length=1, max_length=60, description="identificação do LTA")
    elaborado_em: dt.date
    signatario: str = Field(
        min_length=3, max_length=200, description="oficial que assina o LTA (posto e nome)"
    )
    volume_litros: Decimal = Field(ge=0, max_digits=14, decimal_places=2)
    persistencia_grupo: int = Field(
        description="grupo de persistência do óleo (dados/poluicao.yaml, persistencia)"
    )
    sensibilidade: str = Field(
        min_length=1,
        max_length=300,
        description="sensibilidade ambiental segundo a carta SAO (índice e descrição)",
    )
    carta_sao: str | None = Field(default=None, max_length=200)
    acao_resposta: dict[str, int] = Field(
        description="pontuação de cada quesito da ação de resposta "
        "(dados/poluicao.yaml, acao_resposta)"
    )
    nivel_impacto: int = Field(
        ge=1, le=5, description="nível de impacto ambiental, 1 (leve) a 5 (gravíssimo)"
    )
    texto: str | None = Field(default=None, max_length=4000)


class SituacaoEconomicaInformada(Modelo):
    """O tipo de pessoa é o do infrator registrado (CPF: física; CNPJ: jurídica)."""

    valor_anual: Dinheiro = Field(
        description="receita bruta anual (pessoa jurídica) ou rendimento anual (pessoa física)"
    )
    fonte: str = Field(min_length=3, max_length=300, description="de onde vem o valor")


class DadosDecisaoPoluicao(Modelo):
    """A decisão que fixa a multa por poluição (itens 1.5.2 e 1.5.3)."""

    multa_base: entrada.Dinheiro = Field(
        gt=0,
        max_digits=14,
        decimal_places=2,
        description="valor antes da reincidência, que a autoridade fixa à vista do LTA e da "
        "situação econômica (as tabelas oficiais de fatores não estão nas fontes do Farol)",
    )
    situacao_economica: SituacaoEconomicaInformada | None = Field(
        default=None,
        description="exigida quando a norma em vigor na decisão considera a situação econômica "
        "do infrator (dados/poluicao.yaml, situacao_economica)",
    )
    justificativa: str = Field(min_length=20, max_length=8000)
    infracao: str | None = Field(default=None, max_length=40)


class DadosRetencao(Modelo):
    """A retenção do navio sem Certificado de Garantia Financeira (CLC-69)."""

    toneladas_oleo_granel: Decimal = Field(gt=0, max_digits=12, decimal_places=2)
    texto: str = Field(min_length=10, max_length=4000, description="o que se constatou a bordo")


class DadosLiberacao(Modelo):
    liberacao: str = Field(
        min_length=1,
        max_length=40,
        description="certificado_apresentado ou caucao_depositada (dados/poluicao.yaml)",
    )
    valor_caucao: entrada.Dinheiro | None = Field(
        default=None, gt=0, max_digits=14, decimal_places=2
    )
    documento: str = Field(
        min_length=3, max_length=200, description="certificado ou comprovante do depósito"
    )
    texto: str | None = Field(default=None, max_length=4000)


# --- custódia (procedimento_custodia.yaml; dados/custodia.yaml) -----------------------------


class Lacre(Modelo):
    """Um lacre aplicado (NORMAM-07 item 0310, Anexo 3-E)."""

    numero: str = Field(min_length=1, max_length=60)
    tipo: str = Field(min_length=2, max_length=100, description="ex.: lacre plástico numerado")
    local_aplicacao: str = Field(
        min_length=2, max_length=200, description="onde foi aplicado (ex.: chave de ignição)"
    )


class Identificacao(Modelo):
    """Quem assina um termo da custódia (fiel depositário, quem recebe, arrematante)."""

    nome: str = Field(min_length=3, max_length=200)
    documento: str = Field(min_length=11, max_length=20, description="CPF ou CNPJ")
    qualidade: str | None = Field(
        default=None,
        max_length=40,
        description="proprietario, armador, preposto ... (dados/custodia.yaml)",
    )
    endereco: str | None = Field(default=None, max_length=500)


class DadosRecolhimento(Modelo):
    """O recolhimento à guarda: Auto de Apreensão ou termo de recolhimento do bem achado."""

    local_guarda: str = Field(min_length=3, max_length=300, description="local da guarda")
    estado_na_chegada: str = Field(
        min_length=10, max_length=entrada.TEXTO, description="estado do bem ao chegar à guarda"
    )
    fiel_depositario: Identificacao | None = Field(
        default=None, description="responsável pela guarda (fiel depositário)"
    )
    lacres: list[Lacre] = Field(default_factory=list, max_length=50)
    medida_id: Id | None = Field(default=None, description="a apreensão que abriu a custódia")
    bem: str | None = Field(default=None, min_length=3, max_length=300)
    local_do_achado: str | None = Field(default=None, min_length=3, max_length=300)
    estrangeiro: bool = Field(
        default=False, description="bem identificado como estrangeiro (NORMAM-07 item 0205)"
    )
    texto: str | None = Field(default=None, max_length=entrada.TEXTO)


class DadosLacres(Modelo):
    lacres: list[Lacre] = Field(min_length=1, max_length=50)
    texto: str | None = Field(default=None, max_length=entrada.TEXTO)


class DadosDespesa(Modelo):
    item: str = Field(
        min_length=1, max_length=40, description="despesa avulsa (dados/custodia.yaml)"
    )
    valor: entrada.Dinheiro = Field(gt=0, max_digits=14, decimal_places=2)
    descricao: str = Field(min_length=3, max_length=500)
    comprovante: str = Field(min_length=1, max_length=200, description="nota, recibo, guia")


class DadosPagamentoCustodia(Modelo):
    valor: entrada.Dinheiro = Field(gt=0, max_digits=14, decimal_places=2)
    referencia: str = Field(min_length=1, max_length=100, description="guia ou comprovante")


class DadosRegularizacao(Modelo):
    prova: str = Field(
        min_length=10,
        max_length=entrada.TEXTO,
        description="o que foi sanado e com que prova (documento, vistoria, habilitação)",
    )


class DadosEditalCustodia(Modelo):
    publicacao: str = Field(
        min_length=3, max_length=300, description="onde foi publicado ou afixado"
    )
    texto: str | None = Field(default=None, max_length=entrada.TEXTO)


class DadosReclamacao(Modelo):
    reclamante: Identificacao
    prova: str = Field(min_length=10, max_length=entrada.TEXTO, description="prova da propriedade")


class DadosEntrega(Modelo):
    recebedor: Identificacao
    declaracao: str = Field(
        min_length=10,
        max_length=entrada.TEXTO,
        description="estado de conservação e equipamentos em que o recebe (Anexo 3-F)",
    )


class DadosEditalLeilao(Modelo):
    data_leilao: dt.date
    local: str = Field(min_length=3, max_length=300)
    valor_avaliacao: entrada.Dinheiro = Field(gt=0, max_digits=14, decimal_places=2)
    jornal: str = Field(min_length=3, max_length=200, description="jornal de maior circulação")


class DadosLeiloeiro(Modelo):
    leiloeiro: Identificacao
    matricula: str | None = Field(
        default=None,
        min_length=1,
        max_length=60,
        description="matrícula na Junta Comercial, se leiloeiro público (NORMAM-07 item 0313: "
        "preferencialmente)",
    )
    portaria: str = Field(min_length=1, max_length=60, description="número da Portaria")


class DadosResultadoLeilao(Modelo):
    valor_arrematado: entrada.Dinheiro = Field(gt=0, max_digits=14, decimal_places=2)
    arrematante: Identificacao


class DadosLevantamento(Modelo):
    """O levantamento de uma medida administrativa, cessados os motivos (LESTA art. 16 § 2º)."""

    medida_id: Id
    motivo: str = Field(
        min_length=10,
        max_length=entrada.TEXTO,
        description="o motivo que cessou (a causa sanada) e com que prova",
    )


MODELOS_DA_CUSTODIA = (
    DadosRecolhimento,
    DadosLacres,
    DadosDespesa,
    DadosPagamentoCustodia,
    DadosRegularizacao,
    DadosEditalCustodia,
    DadosReclamacao,
    DadosEntrega,
    DadosEditalLeilao,
    DadosLeiloeiro,
    DadosResultadoLeilao,
)


MODELO_POR_MARCA: tuple[tuple[str, type[Modelo]], ...] = (
    ("levanta_medida", DadosLevantamento),
    ("recolhe_bem", DadosRecolhimento),
    ("registra_lacres", DadosLacres),
    ("lanca_despesa", DadosDespesa),
    ("paga_custodia", DadosPagamentoCustodia),
    ("sana_irregularidade", DadosRegularizacao),
    ("notifica_por_edital", DadosEditalCustodia),
    ("reclama_bem", DadosReclamacao),
    ("entrega_bem", DadosEntrega),
    ("publica_leilao", DadosEditalLeilao),
    ("designa_leiloeiro", DadosLeiloeiro),
    ("registra_leilao", DadosResultadoLeilao),
    ("lavra_auto_poluicao", DadosAutoPoluicao),
    ("registra_laudo", DadosLaudo),
    ("impoe_multa_poluicao", DadosDecisaoPoluicao),
    ("retem_embarcacao", DadosRetencao),
    ("libera_embarcacao", DadosLiberacao),
    ("abre_processo", DadosNotificacao),
    ("lavra_auto", DadosLavratura),
    ("impoe_penalidade", DadosDecisaoComPenalidade),
    ("decisao", DadosDecisao),
    ("paga_multa", DadosPagamento),
    ("registra_baixa_divida_ativa", DadosBaixaDividaAtiva),
    ("comunica_cancelamento_divida_ativa", DadosComunicacaoCancelamento),
    ("despacha_no_sobrestamento", DadosDespacho),
    ("abre_processo_ambiental", DadosConversaoPoluicao),
    ("abre_processo_sancionador", DadosConversao),
    ("impoe_medida", DadosMedidaImposta),
    ("concede_efeito_suspensivo", DadosEfeitoSuspensivo),
    ("cumpre_acessoria", DadosCumprimentoAcessoria),
    ("executa_acessoria", DadosExecucaoDireta),
    ("reconhece_restituicao", DadosRestituicao),
    ("efetua_restituicao", DadosRestituicao),
    ("abre_sobrestamento", DadosSobrestamento),
    ("ciencia", DadosCiencia),
    ("registra_nao_comparecimento", DadosNaoComparecimento),
    ("constitui_procurador", DadosProcurador),
    ("levanta_sobrestamento", DadosAcordao),
)


MODELOS_DOS_DADOS: tuple[type[Modelo], ...] = tuple(
    dict.fromkeys((DadosLivres, DadosCorrecao, *(m for _, m in MODELO_POR_MARCA)))
)
"""Os modelos dos dados dos atos (`NovoAto.dados`), que o OpenAPI descreve em
`components/schemas` e `atos-possiveis` aponta, ato a ato (`esquema_dos_dados`)."""

ESQUEMAS = "#/components/schemas/"


def modelo_dos_dados(maquina: Maquina, tipo: str) -> type[Modelo]:
    """O modelo que valida os dados do ato `tipo` no regime da máquina."""
    if maquina.e_correcao(tipo):
        return DadosCorrecao
    for marca, modelo in MODELO_POR_MARCA:
        if marca in maquina.marcas and maquina.tem_marca(tipo, marca):
            return modelo
    return DadosLivres
